/** Expected outcomes as values: use cases and domain rules return these instead of throwing. */
export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<E> = { readonly ok: false; readonly error: E };
export type Result<T, E> = Ok<T> | Err<E>;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = <E>(error: E): Err<E> => ({ ok: false, error });

/** A domain error: a machine-readable kind plus the exact user-facing text. */
export interface DomainError<K extends string = string> {
  readonly kind: K;
  readonly message: string;
}

export const domainError = <K extends string>(kind: K, message: string): DomainError<K> => ({ kind, message });

/** Unwraps a result whose failure would be a broken invariant. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  const error = result.error as unknown;
  const message = typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error);
  throw new Error(`unwrap on error result: ${message}`);
}
