import { assertNever } from '../../base/assert';

/**
 * A pull or a commit as the workbench follows it (spec 002 §4 "Git operations": pull is started, finished, success,
 * error, locked; commit is started, finished, success, error). Started and finished arrive as notifications (another
 * client may have started it); success, error and locked are the outcome of this client's own request.
 */
export type GitOperationState =
  | { readonly kind: 'IDLE' }
  | { readonly kind: 'RUNNING' }
  | { readonly kind: 'SUCCEEDED' }
  | { readonly kind: 'FAILED'; readonly message: string }
  | { readonly kind: 'LOCKED'; readonly message: string };

export type GitOperationEvent =
  | { readonly type: 'requested' }
  | { readonly type: 'started' }
  /** The server's finished notification: `error` when it failed. */
  | { readonly type: 'finished'; readonly error?: string }
  | { readonly type: 'succeeded' }
  | { readonly type: 'failed'; readonly message: string }
  /** The request was refused with GIT_OPERATION_IN_PROGRESS. */
  | { readonly type: 'locked' };

export const GIT_IDLE: GitOperationState = { kind: 'IDLE' };

/** Spec 002 §8: the text of GIT_OPERATION_IN_PROGRESS (which gives a locked-error event). */
export const GIT_OPERATION_IN_PROGRESS_TEXT = 'Another git operation is in progress, try again later.';

export const isGitOperationRunning = (state: GitOperationState): boolean => state.kind === 'RUNNING';

export function gitOperationTransition(state: GitOperationState, event: GitOperationEvent): GitOperationState {
  switch (event.type) {
    case 'requested':
    case 'started':
      return state.kind === 'RUNNING' ? state : { kind: 'RUNNING' };
    case 'finished':
      return event.error === undefined ? { kind: 'SUCCEEDED' } : { kind: 'FAILED', message: event.error };
    case 'succeeded':
      // The finished notification may already have settled it (a failure stays a failure).
      return state.kind === 'FAILED' ? state : { kind: 'SUCCEEDED' };
    case 'failed':
      return { kind: 'FAILED', message: event.message };
    case 'locked':
      return { kind: 'LOCKED', message: GIT_OPERATION_IN_PROGRESS_TEXT };
    default:
      return assertNever(event);
  }
}
