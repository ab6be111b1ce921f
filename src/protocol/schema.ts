import { Result, err, ok } from '../base/result';

/**
 * A tiny validator for wire params: each schema checks an unknown value and returns a typed
 * Result whose error names the offending field ("params.size.cols must be an integer").
 * msgpack nil arrives as null; optional fields accept both null and absence.
 */
export type Schema<T> = (value: unknown, path: string) => Result<T, string>;
export type Infer<S> = S extends Schema<infer T> ? T : never;

const fail = (path: string, expected: string): Result<never, string> => err(`${path} must be ${expected}`);

export const string = (opts: { max?: number; nonEmpty?: boolean } = {}): Schema<string> => (value, path) => {
  if (typeof value !== 'string') return fail(path, 'a string');
  if (opts.nonEmpty && value.length === 0) return fail(path, 'a non-empty string');
  if (opts.max !== undefined && value.length > opts.max) return fail(path, `at most ${opts.max} characters`);
  return ok(value);
};

export const integer = (opts: { min?: number; max?: number } = {}): Schema<number> => (value, path) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return fail(path, 'an integer');
  if (opts.min !== undefined && value < opts.min) return fail(path, `at least ${opts.min}`);
  if (opts.max !== undefined && value > opts.max) return fail(path, `at most ${opts.max}`);
  return ok(value);
};

export const boolean: Schema<boolean> = (value, path) => (typeof value === 'boolean' ? ok(value) : fail(path, 'a boolean'));

export const unknownValue: Schema<unknown> = (value) => ok(value);

export const literal = <L extends string | number>(...values: L[]): Schema<L> => (value, path) =>
  values.includes(value as L) ? ok(value as L) : fail(path, `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);

export const optional = <T>(schema: Schema<T>): Schema<T | undefined> => (value, path) =>
  value === undefined || value === null ? ok(undefined) : schema(value, path);

export const array = <T>(item: Schema<T>, opts: { max?: number } = {}): Schema<T[]> => (value, path) => {
  if (!Array.isArray(value)) return fail(path, 'an array');
  if (opts.max !== undefined && value.length > opts.max) return fail(path, `at most ${opts.max} items`);
  const out: T[] = [];
  for (let i = 0; i < value.length; i++) {
    const r = item(value[i], `${path}[${i}]`);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
};

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends Infer<S[K]> ? K : never }[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
export type ObjectOf<S extends Shape> = { [K in RequiredKeys<S>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> };

/**
 * A map with known fields. An unknown field is refused (a misspelt option must not be silently ignored), except in
 * maps made with `object.open` (for values the client passes through, such as LSP messages).
 */
export const object = <S extends Shape>(shape: S): Schema<ObjectOf<S>> => objectOf(shape, false);
object.open = <S extends Shape>(shape: S): Schema<ObjectOf<S>> => objectOf(shape, true);

const objectOf = <S extends Shape>(shape: S, open: boolean): Schema<ObjectOf<S>> => (value, path) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array) {
    return fail(path, 'a map');
  }
  if (!open) {
    for (const key of Object.keys(value)) {
      if (!Object.prototype.hasOwnProperty.call(shape, key)) return err(`${path}.${key} is not a known field`);
    }
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) {
    const r = shape[key]((value as Record<string, unknown>)[key], `${path}.${key}`);
    if (!r.ok) return r;
    if (r.value !== undefined) out[key] = r.value;
  }
  return ok(out as ObjectOf<S>);
};

/** params that may be null, {} or absent (e.g. fs/read's null); a map with fields is refused. */
export const empty: Schema<Record<string, never>> = (value, path) => {
  if (value === null || value === undefined) return ok({});
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Uint8Array) return fail(path, 'a map or nil');
  const [key] = Object.keys(value);
  return key === undefined ? ok({}) : err(`${path}.${key} is not a known field`);
};
