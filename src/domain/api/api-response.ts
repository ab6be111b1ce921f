import { type Result, err, ok } from '../../base/result';

/** The kinds spec 000 §8 names; other failures carry only a status and a message. */
export type ApiErrorType = 'NOT_FOUND' | 'WORKSPACE_FROZEN';

/** Every failed call raises an error with a status and a message (spec 000 §8). */
export interface ApiError {
  readonly status: number;
  readonly message: string;
  readonly type?: ApiErrorType;
}

/** A response as the transport got it: the status, and the body parsed as JSON, or why it could not be. */
export interface ApiResponse {
  readonly url: string;
  readonly status: number;
  /** The parsed JSON body (undefined for an empty one). */
  readonly body?: unknown;
  /** Set when the body is not JSON: the raw text and the parser's error. */
  readonly unparseable?: { readonly data: string; readonly error: string };
}

export const UNKNOWN_ERROR = 'Unknown error';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined);

/** The message of one `errors` entry: a string, or an object's message or detail. */
function entryMessage(entry: unknown): string | undefined {
  if (isRecord(entry)) return text(entry.message) ?? text(entry.detail) ?? text(entry.code) ?? text(entry.id);
  return text(entry);
}

/**
 * The message of a failed call's body (spec 000 §8): `errors` as a list (its first entry), or as an object with an
 * id, code or detail field; an `error` field; or `code` plus `message`. Undefined for any other shape.
 */
export function errorBodyMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const { errors, error, code, message } = body;
  if (Array.isArray(errors) && errors.length > 0) return entryMessage(errors[0]);
  if (isRecord(errors)) {
    const described = text(errors.detail) ?? text(errors.message) ?? text(errors.code) ?? text(errors.id);
    if (described) return described;
    const [field] = Object.keys(errors);
    const value = field === undefined ? undefined : errors[field];
    if (field !== undefined) return `${field}: ${Array.isArray(value) ? value.map(String).join(', ') : String(value)}`;
  }
  if (error !== undefined) return isRecord(error) ? entryMessage(error) : text(error);
  if (code !== undefined && message !== undefined) return text(message);
  return undefined;
}

const failed = (status: number, message: string): ApiError => {
  if (status === 404 || /not found/i.test(message)) return { status, message, type: 'NOT_FOUND' };
  if (status === 402) return { status, message, type: 'WORKSPACE_FROZEN' };
  return { status, message };
};

/**
 * The API error model of spec 000 §8 as one rule: what a call's response means for the caller. 204 is an empty
 * result; a 2xx body's `data` (or the body itself when it has no `data`); a 2xx body with no data but an `errors`
 * array fails with the first error's message; a failure's body becomes a message (else 'Unknown error'); 404 or a
 * message saying 'not found' is NOT_FOUND, 402 is WORKSPACE_FROZEN; an unparseable body quotes the URL, the data and
 * the parser's error.
 */
export function interpretApiResponse<T = unknown>(response: ApiResponse): Result<T | undefined, ApiError> {
  const { status, body, url } = response;
  if (response.unparseable) {
    const { data, error } = response.unparseable;
    return err(failed(status, `Could not parse the response of ${url}: ${JSON.stringify(data)} (${error})`));
  }
  if (status === 204) return ok(undefined);
  if (status >= 200 && status < 300) {
    if (isRecord(body) && body.data === undefined && Array.isArray(body.errors) && body.errors.length > 0) {
      return err(failed(status, entryMessage(body.errors[0]) ?? UNKNOWN_ERROR));
    }
    return ok((isRecord(body) && 'data' in body ? body.data : body) as T);
  }
  return err(failed(status, errorBodyMessage(body) ?? UNKNOWN_ERROR));
}
