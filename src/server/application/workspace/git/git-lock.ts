import { HandlerResult, done, fail } from '../handler-result';
import { PitcherErrorCode } from '../../../../protocol';
import { gitErrors } from '../../../../domain/git/git.errors';

/** Ends a held operation (idempotent). */
export type Release = () => void;

/**
 * One git operation that changes the repository at a time per workspace: a second one fails at once
 * (GIT_OPERATION_IN_PROGRESS) rather than queueing behind a pull or a commit the user did not expect to wait for.
 * Reads that must not see an operation half done (the status) wait for `whenIdle`.
 */
export class GitOperationLock {
  private holder: string | undefined;
  private waiting: Array<() => void> = [];

  get busy(): boolean {
    return this.holder !== undefined;
  }

  /** Takes the lock for `operation`, synchronously, or fails with the spec's text. */
  acquire(operation: string): HandlerResult<Release> {
    if (this.holder !== undefined) return fail(PitcherErrorCode.GIT_OPERATION_IN_PROGRESS, gitErrors.operationInProgress);
    this.holder = operation;
    let released = false;
    return done(() => {
      if (released) return;
      released = true;
      this.holder = undefined;
      for (const wake of this.waiting.splice(0)) wake();
    });
  }

  /** Resolves once no operation holds the lock. */
  whenIdle(): Promise<void> {
    if (this.holder === undefined) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}
