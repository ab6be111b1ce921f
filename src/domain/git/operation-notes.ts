import { GitOperationState } from './git-operation';

export type GitOperationNoteName = 'pull' | 'commit' | 'push';

/** What the source control view says about a pull, commit or push: its progress, or why it failed. */
export type GitOperationNote = { readonly kind: 'busy'; readonly text: string } | { readonly kind: 'error'; readonly text: string };

const BUSY: Readonly<Record<GitOperationNoteName, string>> = { pull: 'Pulling…', commit: 'Committing…', push: 'Pushing…' };

/**
 * RUNNING shows progress; FAILED shows the failure's message; LOCKED shows spec 002 §8's 'Another git operation is
 * in progress, try again later.'; IDLE and SUCCEEDED say nothing.
 */
export function gitOperationNote(name: GitOperationNoteName, state: GitOperationState): GitOperationNote | undefined {
  switch (state.kind) {
    case 'RUNNING':
      return { kind: 'busy', text: BUSY[name] };
    case 'FAILED':
    case 'LOCKED':
      return { kind: 'error', text: state.message };
    default:
      return undefined;
  }
}
