import { Result, err, ok } from '../../../base/result';
import { PitcherError, PitcherErrorCode, pitcherError } from '../../../protocol';

/** What every workspace request handler returns: the result, or the wire error to send. */
export type HandlerResult<T> = Result<T, PitcherError>;
export const done = <T>(value: T): HandlerResult<T> => ok(value);
export const fail = (code: PitcherErrorCode, message: string, data?: unknown): HandlerResult<never> =>
  err(pitcherError(code, message, data));
