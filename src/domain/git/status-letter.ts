/**
 * A status letter of `git status` short format (git-status(1)): '' unmodified, M modified, A added, D deleted,
 * R renamed, C copied, U updated but unmerged, ? untracked.
 */
export type GitStatusLetter = '' | 'M' | 'A' | 'D' | 'R' | 'C' | 'U' | '?';

/**
 * The letter of one porcelain column: '.' (and ' ') is unmodified, a type change (T) counts as a modification and
 * anything unknown (a future letter) too, so a changed file is never shown as unchanged.
 */
export function statusLetter(column: string): GitStatusLetter {
  switch (column) {
    case '.':
    case ' ':
    case '':
      return '';
    case 'M':
    case 'A':
    case 'D':
    case 'R':
    case 'C':
    case 'U':
    case '?':
      return column;
    default:
      return 'M';
  }
}
