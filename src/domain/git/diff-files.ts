import { GitStatusLetter, statusLetter } from './status-letter';

/** One file of a diff between two trees. */
export interface DiffFile {
  status: GitStatusLetter;
  path: string;
  /** Where it was renamed or copied from. */
  oldPath?: string;
}

/**
 * Parses `git diff --name-status -z` (git-diff(1) "--name-status", "-z"): a status (R and C carry a similarity
 * score, 'R100') then one path, or two (old, new) for a rename or copy, each ending with NUL.
 */
export function parseNameStatus(output: string): DiffFile[] {
  const records = output.split('\0');
  const files: DiffFile[] = [];
  for (let i = 0; i + 1 < records.length; ) {
    const code = records[i++];
    if (code === '') continue;
    const letter = statusLetter(code[0]);
    if (letter === 'R' || letter === 'C') {
      const oldPath = records[i++];
      const path = records[i++];
      if (oldPath === undefined || path === undefined) break;
      files.push({ status: letter, path, oldPath });
    } else {
      const path = records[i++];
      if (path === undefined) break;
      files.push({ status: letter, path });
    }
  }
  return files;
}
