/**
 * Branch rename (spec 002 §4): the local name is set first, then the rename is carried out, and on failure the old
 * name comes back. Spec 002 §8: 'Cannot persist rename operation'; a name that 'has already been taken' gives a
 * name-taken error.
 */
export type BranchRename = { readonly kind: 'IDLE' } | { readonly kind: 'RENAMING'; readonly from: string; readonly to: string };

export const BRANCH_RENAME_IDLE: BranchRename = { kind: 'IDLE' };
export const CANNOT_PERSIST_RENAME_TEXT = 'Cannot persist rename operation';

/** Spec 001 §4 (READY, branch name set): the notice once a branch has its new name. */
export const branchRenamedNotice = (name: string): string => `Branch was renamed as "${name}"`;

export type BranchRenameFailure = { readonly kind: 'name-taken'; readonly message: string } | { readonly kind: 'rename-failed'; readonly message: string };

/** The branch name to show: the optimistic new name while a rename is in flight. */
export const shownBranchName = (serverBranch: string | null | undefined, rename: BranchRename): string | null | undefined =>
  rename.kind === 'RENAMING' ? rename.to : serverBranch;

/** How a failed rename is reported. */
export function branchRenameFailure(message: string | undefined): BranchRenameFailure {
  if (message !== undefined && /has already been taken/i.test(message)) return { kind: 'name-taken', message };
  return { kind: 'rename-failed', message: CANNOT_PERSIST_RENAME_TEXT };
}
