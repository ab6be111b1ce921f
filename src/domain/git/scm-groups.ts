import { GIT_DECORATION_TOOLTIPS, GitDecoration, gitDecoration } from './git-decoration';
import { GitItem } from './git-status';

/**
 * The source control view's lists. The protocol has no index operations (git/commit takes paths), so "staging" a
 * file means choosing it for the next commit: git/commit then gets exactly the chosen paths; with none chosen it
 * commits every change. Files the status already reports as staged (the index has a change, e.g. after `git add` in
 * a terminal) start out chosen.
 */
export interface ScmFile {
  readonly path: string;
  readonly decoration: GitDecoration;
  /** Gone from the working tree: the diff's modified side is empty. */
  readonly deleted: boolean;
  readonly isConflicted: boolean;
  readonly fileId?: string;
}

export interface ScmGroups {
  readonly conflicts: readonly ScmFile[];
  readonly staged: readonly ScmFile[];
  readonly changes: readonly ScmFile[];
}

export type ScmGroupId = keyof ScmGroups;

export const SCM_GROUP_TITLES: Readonly<Record<ScmGroupId, string>> = {
  conflicts: 'Conflicts',
  staged: 'Staged for the next commit',
  changes: 'Changes',
};

/** A changed file as GitStore lists it. */
export type ChangedItem = GitItem & { readonly deleted: boolean };

/**
 * The chosen paths, every path seen so far, and which of them git's index had a change for in the last status (a path
 * seen for the first time while staged in git is chosen).
 */
export interface StagedSelection {
  readonly staged: ReadonlySet<string>;
  readonly known: ReadonlySet<string>;
  readonly indexStaged: ReadonlySet<string>;
}

export const EMPTY_SELECTION: StagedSelection = { staged: new Set(), known: new Set(), indexStaged: new Set() };

/**
 * The selection after a new status: paths that are no longer changed leave it; a new path joins it when the index has
 * a change for it; a known path keeps the user's choice until git's index changes for it (`git add` or `git reset` in
 * a terminal), which it then follows; conflicted files never are in it (a merge is committed whole).
 */
export function followStatus(selection: StagedSelection, files: readonly ChangedItem[]): StagedSelection {
  const staged = new Set<string>();
  const known = new Set<string>();
  const indexStaged = new Set<string>();
  for (const file of files) {
    known.add(file.path);
    if (file.isStaged) indexStaged.add(file.path);
    if (file.isConflicted) continue;
    const indexChanged = selection.indexStaged.has(file.path) !== file.isStaged;
    const chosen = selection.known.has(file.path) && !indexChanged ? selection.staged.has(file.path) : file.isStaged;
    if (chosen) staged.add(file.path);
  }
  return { staged, known, indexStaged };
}

/** Chooses or unchooses paths (conflicted or unknown paths are left out). */
export function setStaged(selection: StagedSelection, files: readonly ChangedItem[], paths: readonly string[], stage: boolean): StagedSelection {
  const stageable = new Set(files.filter((f) => !f.isConflicted).map((f) => f.path));
  const staged = new Set(selection.staged);
  for (const path of paths) {
    if (!stageable.has(path)) continue;
    if (stage) staged.add(path);
    else staged.delete(path);
  }
  return { ...selection, staged };
}

const DELETED: GitDecoration = { badge: 'D', tooltip: GIT_DECORATION_TOOLTIPS.D };
const MODIFIED: GitDecoration = { badge: 'M', tooltip: GIT_DECORATION_TOOLTIPS.M };

const toScmFile = (item: ChangedItem): ScmFile => ({
  path: item.path,
  // Every listed file has a change; a deleted one is D whatever its columns say.
  decoration: item.deleted ? DELETED : (gitDecoration(item) ?? MODIFIED),
  deleted: item.deleted,
  isConflicted: item.isConflicted,
  ...(item.fileId !== undefined ? { fileId: item.fileId } : {}),
});

/** The three lists, each sorted by path. */
export function scmGroups(files: readonly ChangedItem[], staged: ReadonlySet<string>): ScmGroups {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    conflicts: sorted.filter((f) => f.isConflicted).map(toScmFile),
    staged: sorted.filter((f) => !f.isConflicted && staged.has(f.path)).map(toScmFile),
    changes: sorted.filter((f) => !f.isConflicted && !staged.has(f.path)).map(toScmFile),
  };
}

/**
 * The paths git/commit gets: the chosen ones, or undefined (every change) when none is chosen or a merge is being
 * concluded (git commits a merge whole and ignores paths).
 */
export function commitPaths(groups: ScmGroups, isMerging: boolean): string[] | undefined {
  if (isMerging || groups.staged.length === 0) return undefined;
  return groups.staged.map((f) => f.path);
}

/** The question of the discard confirmation. */
export function discardQuestion(paths: readonly string[] | undefined): string {
  if (paths === undefined) return 'Discard all changes? Changed files go back to their last commit and new files are deleted. This cannot be undone.';
  if (paths.length === 1) return `Discard the changes in ${paths[0]}? This cannot be undone.`;
  return `Discard the changes in ${paths.length} files? This cannot be undone.`;
}

export const COMMIT_MESSAGE_MISSING = 'Enter a commit message';
export const NOTHING_TO_COMMIT = 'There are no changes to commit';
export const NO_STAGED_CHANGES = 'There are no staged changes to commit. Stage the files to commit, or turn on Smart commit in the settings.';

/**
 * Why a commit cannot start, or undefined when it can: a message is needed, and a change. With no file chosen, smart
 * commit (spec 002 §9: on by default) commits every change; without it, nothing is committed. A merge is committed
 * whole, whatever is chosen.
 */
export function commitRefusal(commit: { message: string; changes: number; staged: number; isMerging: boolean; smartCommit: boolean }): string | undefined {
  if (commit.message.trim() === '') return COMMIT_MESSAGE_MISSING;
  if (commit.changes === 0) return NOTHING_TO_COMMIT;
  if (commit.staged === 0 && !commit.isMerging && !commit.smartCommit) return NO_STAGED_CHANGES;
  return undefined;
}
