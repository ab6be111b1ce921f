import { Result, err, ok } from '../../base/result';
import { GitStatusLetter, statusLetter } from './status-letter';

/** The `# branch.*` headers of `git status --porcelain=v2 --branch`. */
export interface BranchHeader {
  /** HEAD's commit; undefined before the first commit ('(initial)'). */
  oid: string | undefined;
  /** The current branch; undefined on a detached HEAD. */
  head: string | undefined;
  /** The upstream ('origin/main'), when one is configured. */
  upstream: string | undefined;
  /** Commits ahead of and behind the upstream (0 when there is none or it is gone). */
  ahead: number;
  behind: number;
}

export type StatusEntryKind = 'changed' | 'renamed' | 'unmerged' | 'untracked';

/** One changed path. */
export interface StatusEntry {
  kind: StatusEntryKind;
  path: string;
  /** The path it was renamed or copied from ('renamed' entries). */
  originalPath?: string;
  index: GitStatusLetter;
  workingTree: GitStatusLetter;
}

/**
 * The path whose content went to this entry's: a rename's original path. A copy's source stays where it is (and may
 * have changes of its own), so restoring a copy must not touch it.
 */
export const movedFrom = (entry: StatusEntry): string | undefined => (entry.index === 'C' ? undefined : entry.originalPath);

/** The paths an entry's change is made of: its own, and a rename's original path. */
export function changedPaths(entry: StatusEntry): string[] {
  const from = movedFrom(entry);
  return from === undefined ? [entry.path] : [entry.path, from];
}

export interface PorcelainStatus {
  branch: BranchHeader;
  entries: StatusEntry[];
}

/**
 * Parses `git status --porcelain=v2 --branch -z` (git-status(1), "Porcelain Format Version 2"): records end with NUL,
 * a rename's original path is the record after it, paths are verbatim (never quoted). Ignored entries ('!') and
 * unknown headers are skipped.
 */
export function parsePorcelainV2(output: string): Result<PorcelainStatus, string> {
  const branch: BranchHeader = { oid: undefined, head: undefined, upstream: undefined, ahead: 0, behind: 0 };
  const entries: StatusEntry[] = [];
  const records = output.split('\0');
  for (let i = 0; i < records.length; i++) {
    const record = records[i];
    if (record === '') continue;
    switch (record[0]) {
      case '#':
        readHeader(record, branch);
        break;
      case '1': {
        const f = fields(record, 8);
        if (!f) return err(`Unexpected status record: ${record}`);
        entries.push({ kind: 'changed', path: f.rest, ...columns(f.fields[1]) });
        break;
      }
      case '2': {
        const f = fields(record, 9);
        const originalPath = records[++i];
        if (!f || !originalPath) return err(`Unexpected status record: ${record}`);
        entries.push({ kind: 'renamed', path: f.rest, originalPath, ...columns(f.fields[1]) });
        break;
      }
      case 'u': {
        const f = fields(record, 10);
        if (!f) return err(`Unexpected status record: ${record}`);
        entries.push({ kind: 'unmerged', path: f.rest, ...columns(f.fields[1]) });
        break;
      }
      case '?':
        entries.push({ kind: 'untracked', path: record.slice(2), index: '?', workingTree: '?' });
        break;
      case '!':
        break;
      default:
        return err(`Unexpected status record: ${record}`);
    }
  }
  return ok({ branch, entries });
}

function readHeader(record: string, branch: BranchHeader): void {
  const space = record.indexOf(' ', 2);
  if (space < 0) return;
  const name = record.slice(2, space);
  const value = record.slice(space + 1);
  if (name === 'branch.oid') branch.oid = value === '(initial)' ? undefined : value;
  else if (name === 'branch.head') branch.head = value === '(detached)' ? undefined : value;
  else if (name === 'branch.upstream') branch.upstream = value;
  else if (name === 'branch.ab') {
    const m = /^\+(\d+) -(\d+)$/.exec(value);
    if (m) {
      branch.ahead = Number(m[1]);
      branch.behind = Number(m[2]);
    }
  }
}

/** The first `count` space-separated fields of a record and the rest (a path, which may contain spaces). */
function fields(record: string, count: number): { fields: string[]; rest: string } | undefined {
  const out: string[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    const space = record.indexOf(' ', at);
    if (space < 0) return undefined;
    out.push(record.slice(at, space));
    at = space + 1;
  }
  const rest = record.slice(at);
  return rest === '' ? undefined : { fields: out, rest };
}

function columns(xy: string): { index: GitStatusLetter; workingTree: GitStatusLetter } {
  return { index: statusLetter(xy[0] ?? '.'), workingTree: statusLetter(xy[1] ?? '.') };
}
