import { PitcherError } from './error-codes';

/** Wire shapes of protocol.md §1.3. Key order matters for byte compatibility: method, params, id. */
export interface RequestMessage<P = unknown> {
  method: string;
  params: P;
  id: number;
}

export const enum ResponseStatus {
  RESOLVED = 0,
  REJECTED = 1,
}

export interface ResolvedResponse<R = unknown> {
  id: number;
  method: string;
  status: ResponseStatus.RESOLVED;
  result: R;
}

export interface RejectedResponse {
  id: number | null;
  method: string | null;
  status: ResponseStatus.REJECTED;
  error: PitcherError;
}

export type ResponseMessage<R = unknown> = ResolvedResponse<R> | RejectedResponse;

export interface NotificationMessage<P = unknown> {
  method: string;
  params: P;
}

export type PitcherMessage = RequestMessage | ResponseMessage | NotificationMessage;

export type Classified =
  | { kind: 'request'; message: RequestMessage }
  | { kind: 'notification'; message: NotificationMessage }
  | { kind: 'resolved'; message: ResolvedResponse }
  | { kind: 'rejected'; message: RejectedResponse }
  | { kind: 'unknown'; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/**
 * Classifies a decoded map the way the published clients do (protocol.md §1.3):
 * no id + params → notification; error → rejected; result → resolved; method+id → request.
 */
export function classify(value: unknown): Classified {
  if (!isRecord(value)) return { kind: 'unknown', reason: 'A message must be a map' };
  const hasId = 'id' in value;
  if (!hasId && 'params' in value) {
    if (typeof value.method !== 'string') return { kind: 'unknown', reason: 'A notification needs a string method' };
    return { kind: 'notification', message: { method: value.method, params: value.params } };
  }
  if ('error' in value) return { kind: 'rejected', message: value as unknown as RejectedResponse };
  if ('result' in value) return { kind: 'resolved', message: value as unknown as ResolvedResponse };
  if (hasId && typeof value.method === 'string') {
    if (typeof value.id !== 'number' || !Number.isSafeInteger(value.id)) {
      return { kind: 'unknown', reason: 'A request id must be an integer' };
    }
    return { kind: 'request', message: { method: value.method, params: value.params ?? null, id: value.id } };
  }
  return { kind: 'unknown', reason: 'Unable to identify message type' };
}

export const resolved = <R>(id: number, method: string, result: R): ResolvedResponse<R> => ({
  id,
  method,
  status: ResponseStatus.RESOLVED,
  result: result === undefined ? (null as R) : result,
});

export const rejected = (id: number | null, method: string | null, error: PitcherError): RejectedResponse => ({
  id,
  method,
  status: ResponseStatus.REJECTED,
  error,
});

export const notification = <P>(method: string, params: P): NotificationMessage<P> => ({
  method,
  params: params === undefined ? (null as P) : params,
});
