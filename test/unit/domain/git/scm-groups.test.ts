import { GitItem } from '../../../../src/domain/git/git-status';
import {
  COMMIT_MESSAGE_MISSING,
  ChangedItem,
  EMPTY_SELECTION,
  NOTHING_TO_COMMIT,
  NO_STAGED_CHANGES,
  commitPaths,
  commitRefusal,
  discardQuestion,
  followStatus,
  scmGroups,
  setStaged,
} from '../../../../src/domain/git/scm-groups';
import { gitOperationNote } from '../../../../src/domain/git/operation-notes';

const file = (path: string, over: Partial<GitItem & { deleted: boolean }> = {}): ChangedItem => ({ path, index: '', workingTree: 'M', isStaged: false, isConflicted: false, deleted: false, ...over });

describe('scmGroups', () => {
  it('puts conflicted files under Conflicts, chosen ones under Staged and the rest under Changes, sorted, with their decorations', () => {
    const files = [
      file('z.ts'),
      file('new.ts', { index: '?', workingTree: '?' }),
      file('gone.ts', { workingTree: 'D', deleted: true }),
      file('both.ts', { index: 'U', workingTree: 'U', isConflicted: true }),
      file('added.ts', { index: 'A', workingTree: '', isStaged: true }),
      file('moved.ts', { index: 'R', workingTree: '', isStaged: true }),
    ];
    const groups = scmGroups(files, new Set(['z.ts', 'added.ts', 'both.ts']));
    expect(groups.conflicts.map((f) => [f.path, f.decoration.badge, f.decoration.tooltip])).toEqual([['both.ts', '!', 'Conflict']]);
    expect(groups.staged.map((f) => [f.path, f.decoration.badge])).toEqual([
      ['added.ts', 'A'],
      ['z.ts', 'M'],
    ]);
    expect(groups.changes.map((f) => [f.path, f.decoration.badge, f.decoration.tooltip, f.deleted])).toEqual([
      ['gone.ts', 'D', 'Deleted', true],
      ['moved.ts', 'R', 'Renamed', false],
      ['new.ts', 'U', 'Untracked', false],
    ]);
  });
});

describe('the selection of files for the next commit', () => {
  it('starts with what git has staged, keeps the user choice for known paths, and forgets paths that are no longer changed', () => {
    const first = followStatus(EMPTY_SELECTION, [file('a', { isStaged: true, index: 'M' }), file('b'), file('c', { isConflicted: true, isStaged: true })]);
    expect([...first.staged]).toEqual(['a']);
    const chosen = setStaged(first, [file('a'), file('b'), file('c', { isConflicted: true })], ['b', 'c', 'unknown'], true);
    expect([...chosen.staged].sort()).toEqual(['a', 'b']);
    const unchosen = setStaged(chosen, [file('a'), file('b')], ['a'], false);
    // a is still staged in git's index, but the user's choice wins for a path already seen.
    const next = followStatus(unchosen, [file('a', { isStaged: true, index: 'M' }), file('d', { isStaged: true, index: 'A' })]);
    expect([...next.staged]).toEqual(['d']);
    expect([...next.known].sort()).toEqual(['a', 'd']);
  });

  it("follows git's index when it changes for a known path: a file first seen unstaged, then `git add`ed in a terminal, is staged", () => {
    const first = followStatus(EMPTY_SELECTION, [file('copy.txt', { index: '?', workingTree: '?' }), file('b')]);
    expect([...first.staged]).toEqual([]);
    const added = followStatus(first, [file('copy.txt', { index: 'A', workingTree: '', isStaged: true }), file('b')]);
    expect([...added.staged]).toEqual(['copy.txt']);
    // The user unstages it in the view: the index did not change since, so the choice holds.
    const unchosen = setStaged(added, [file('copy.txt', { isStaged: true }), file('b')], ['copy.txt'], false);
    expect([...followStatus(unchosen, [file('copy.txt', { index: 'A', workingTree: '', isStaged: true }), file('b')]).staged]).toEqual([]);
    // `git reset` in the terminal: the index changed again, and the view follows.
    const chosen = setStaged(added, [file('copy.txt', { isStaged: true }), file('b')], ['b'], true);
    expect([...followStatus(chosen, [file('copy.txt', { index: '?', workingTree: '?' }), file('b')]).staged]).toEqual(['b']);
  });

  it('commits the chosen paths, or every change when none is chosen or a merge is being concluded', () => {
    const files = [file('a'), file('b')];
    expect(commitPaths(scmGroups(files, new Set(['b'])), false)).toEqual(['b']);
    expect(commitPaths(scmGroups(files, new Set()), false)).toBeUndefined();
    expect(commitPaths(scmGroups(files, new Set(['b'])), true)).toBeUndefined();
  });

  it('asks before discarding, naming what goes', () => {
    expect(discardQuestion(['src/a.ts'])).toBe('Discard the changes in src/a.ts? This cannot be undone.');
    expect(discardQuestion(['a', 'b'])).toBe('Discard the changes in 2 files? This cannot be undone.');
    expect(discardQuestion(undefined)).toMatch(/^Discard all changes\?/);
  });
});

describe('commitRefusal', () => {
  const commit = (over: Partial<Parameters<typeof commitRefusal>[0]> = {}) =>
    commitRefusal({ message: 'fix', changes: 2, staged: 1, isMerging: false, smartCommit: true, ...over });

  it('lets a commit with a message, changes and a staged file start', () => {
    expect(commit()).toBeUndefined();
    expect(commit({ smartCommit: false })).toBeUndefined();
  });

  it('asks for a message first, a blank one included', () => {
    expect(commit({ message: '' })).toBe(COMMIT_MESSAGE_MISSING);
    expect(commit({ message: ' \n\t ' })).toBe(COMMIT_MESSAGE_MISSING);
    expect(commit({ message: '', changes: 0, staged: 0, smartCommit: false })).toBe(COMMIT_MESSAGE_MISSING);
  });

  it('refuses when there is nothing to commit, whatever the smart commit setting', () => {
    expect(commit({ changes: 0, staged: 0 })).toBe(NOTHING_TO_COMMIT);
    expect(commit({ changes: 0, staged: 0, smartCommit: false })).toBe(NOTHING_TO_COMMIT);
    expect(commit({ changes: 0, staged: 0, isMerging: true })).toBe(NOTHING_TO_COMMIT);
  });

  it('with nothing staged, commits every change with smart commit on and refuses with it off', () => {
    expect(commit({ staged: 0, smartCommit: true })).toBeUndefined();
    expect(commit({ staged: 0, smartCommit: false })).toBe(NO_STAGED_CHANGES);
    expect(NO_STAGED_CHANGES).toMatch(/no staged changes/i);
  });

  it('lets a merge be concluded with nothing staged, even with smart commit off', () => {
    expect(commit({ staged: 0, isMerging: true, smartCommit: false })).toBeUndefined();
  });
});

describe('gitOperationNote', () => {
  it('shows progress while running and the failure or the lock message after', () => {
    expect(gitOperationNote('pull', { kind: 'RUNNING' })).toEqual({ kind: 'busy', text: 'Pulling…' });
    expect(gitOperationNote('commit', { kind: 'RUNNING' })).toEqual({ kind: 'busy', text: 'Committing…' });
    expect(gitOperationNote('pull', { kind: 'LOCKED', message: 'Another git operation is in progress, try again later.' })).toEqual({
      kind: 'error',
      text: 'Another git operation is in progress, try again later.',
    });
    expect(gitOperationNote('push', { kind: 'FAILED', message: 'no remote' })).toEqual({ kind: 'error', text: 'no remote' });
    expect(gitOperationNote('push', { kind: 'SUCCEEDED' })).toBeUndefined();
    expect(gitOperationNote('push', { kind: 'IDLE' })).toBeUndefined();
  });
});
