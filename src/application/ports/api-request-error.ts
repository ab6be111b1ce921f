import type { ApiError, ApiErrorType } from '../../domain/api/api-response';

/**
 * How a platform API call fails, whatever the transport (spec 000 §8: a status and a message; NOT_FOUND and
 * WORKSPACE_FROZEN typed). Adapters wrap their transport's errors in this: no transport type crosses a port. A call
 * that got no answer (offline, refused) has status 0.
 */
export class ApiRequestError extends Error implements ApiError {
  readonly type?: ApiErrorType;

  constructor(
    readonly status: number,
    message: string,
    type?: ApiErrorType,
  ) {
    super(message);
    this.name = 'ApiRequestError';
    if (type) this.type = type;
  }

  static from(error: ApiError): ApiRequestError {
    return new ApiRequestError(error.status, error.message, error.type);
  }
}

/** The message of whatever a call rejected with. */
export const apiFailureMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The status of a failed call (0 when it got no answer or failed otherwise). */
export const apiFailureStatus = (error: unknown): number => (error instanceof ApiRequestError ? error.status : 0);
