import type { GitItem } from './git-status';

/** The badge a changed file carries in the explorer and the source control view (spec 002 §3 "Git decoration"). */
export type GitDecorationBadge = 'M' | 'A' | 'D' | 'R' | 'C' | 'U' | '!';

export interface GitDecoration {
  readonly badge: GitDecorationBadge;
  /** The badge's tooltip, the spec's word for it. */
  readonly tooltip: string;
}

/** Badge → tooltip, spec 002 §3: M Modified, A Added, D Deleted, R Renamed, C Copied, U Untracked, ! Conflict. */
export const GIT_DECORATION_TOOLTIPS: Readonly<Record<GitDecorationBadge, string>> = {
  M: 'Modified',
  A: 'Added',
  D: 'Deleted',
  R: 'Renamed',
  C: 'Copied',
  U: 'Untracked',
  '!': 'Conflict',
};

const decoration = (badge: GitDecorationBadge): GitDecoration => ({ badge, tooltip: GIT_DECORATION_TOOLTIPS[badge] });

/**
 * The decoration of one status entry, or undefined for an unchanged one. A conflict wins over everything (git's own
 * 'U' status letter means unmerged, so it is a conflict, not 'Untracked'); an untracked file ('?') is U; then a deletion
 * in either column, then what the index says about the file's history (added, renamed, copied), else Modified.
 */
export function gitDecoration(item: Pick<GitItem, 'index' | 'workingTree' | 'isConflicted'>): GitDecoration | undefined {
  const { index, workingTree } = item;
  if (item.isConflicted || index === 'U' || workingTree === 'U') return decoration('!');
  if (index === '?' || workingTree === '?') return decoration('U');
  if (index === 'D' || workingTree === 'D') return decoration('D');
  for (const letter of ['A', 'R', 'C'] as const) if (index === letter || workingTree === letter) return decoration(letter);
  if (index === '' && workingTree === '') return undefined;
  return decoration('M');
}

/**
 * The folders that contain a change, as workspace paths without a leading slash ('src', 'src/app'), for the dot on a
 * folder row. The root ('') is not included.
 */
export function foldersWithChanges(paths: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const raw of paths) {
    const path = raw.replace(/^\.?\/+/, '');
    for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
      const folder = path.slice(0, slash);
      if (folders.has(folder)) break;
      folders.add(folder);
    }
  }
  return folders;
}
