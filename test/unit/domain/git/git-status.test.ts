import { MAX_STATUS_CHANGES, assembleGitStatus, emptyGitStatus, isStatusCut, noBranch } from '../../../../src/domain/git/git-status';
import { StatusEntry } from '../../../../src/domain/git/porcelain-status';
import { parsePorcelainV2 } from '../../../../src/domain/git/porcelain-status';
import { fixture } from './fixture';

const porcelainOf = (name: string) => {
  const r = parsePorcelainV2(fixture(name));
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const facts = (name: string, remoteSafe = true) => ({
  porcelain: porcelainOf(name),
  isMerging: false,
  remote: { ...noBranch(), safe: remoteSafe },
  target: noBranch(),
  commits: [],
});

describe('assembleGitStatus', () => {
  const ids: Record<string, string> = { 'a.txt': 'id-a', 'both.txt': 'id-both', 'new name.txt': 'id-new', 'staged.txt': 'id-staged', 'é t.txt': 'id-e' };

  it('keys changed files by tree node id (by path without a node) and lists deleted files apart', () => {
    const status = assembleGitStatus(facts('status-changes.bin'), (p) => ids[p]);
    expect(Object.keys(status.changedFiles).sort()).toEqual(['dir/sub/f.txt', 'id-a', 'id-both', 'id-e', 'id-new', 'id-staged']);
    expect(status.changedFiles['id-a']).toEqual({ path: 'a.txt', index: '', workingTree: 'M', isStaged: false, isConflicted: false, fileId: 'id-a' });
    expect(status.changedFiles['id-both']).toMatchObject({ index: 'M', workingTree: 'M', isStaged: true });
    expect(status.changedFiles['id-new']).toEqual({ path: 'new name.txt', index: 'R', workingTree: '', isStaged: true, isConflicted: false, fileId: 'id-new', oldPath: 'old-name.txt' });
    expect(status.changedFiles['dir/sub/f.txt']).toEqual({ path: 'dir/sub/f.txt', index: '?', workingTree: '?', isStaged: false, isConflicted: false });
    expect(status.deletedFiles).toEqual([{ path: 'gone.txt', index: '', workingTree: 'D', isStaged: false, isConflicted: false }]);
    expect(status).toMatchObject({ localChanges: true, conflicts: false, branch: 'main', isMerging: false, head: expect.stringMatching(/^[0-9a-f]{40}$/) });
  });

  it('marks unmerged files conflicted (never staged) and the status as in conflict', () => {
    const status = assembleGitStatus({ ...facts('status-conflict.bin'), isMerging: true }, (p) => (p === 'shared.txt' ? 'id-shared' : undefined));
    expect(status.changedFiles['id-shared']).toMatchObject({ isConflicted: true, isStaged: false, index: 'U', workingTree: 'U' });
    expect(status.changedFiles['theirs.txt']).toMatchObject({ isConflicted: false, isStaged: true });
    expect(status).toMatchObject({ conflicts: true, isMerging: true });
  });

  it('reports conflicts when pulling the upstream would conflict, with a clean working tree', () => {
    const status = assembleGitStatus(facts('status-diverged.bin', false), () => undefined);
    expect(status).toMatchObject({ conflicts: true, localChanges: false, changedFiles: {}, deletedFiles: [] });
  });

  it('lists at most MAX_STATUS_CHANGES files, the conflicted ones first, and says the list was cut', () => {
    const untracked = (i: number): StatusEntry => ({ kind: 'untracked', path: `gen/f${i}.ts`, index: '?', workingTree: '?' });
    const conflicted: StatusEntry = { kind: 'unmerged', path: 'z-shared.txt', index: 'U', workingTree: 'U' };
    const entries = [...Array.from({ length: MAX_STATUS_CHANGES + 500 }, (_, i) => untracked(i)), conflicted];
    const status = assembleGitStatus({ ...facts('status-changes.bin'), porcelain: { ...porcelainOf('status-changes.bin'), entries } }, () => undefined);
    expect(Object.keys(status.changedFiles)).toHaveLength(MAX_STATUS_CHANGES);
    expect(status.changedFiles['z-shared.txt']).toMatchObject({ isConflicted: true });
    expect(status).toMatchObject({ localChanges: true, conflicts: true });
    expect(isStatusCut(status)).toBe(true);
    const few = assembleGitStatus(facts('status-changes.bin'), () => undefined);
    expect(isStatusCut(few)).toBe(false);
  });

  it('has a null branch on a detached HEAD and no head before the first commit', () => {
    expect(assembleGitStatus(facts('status-detached.bin'), () => undefined).branch).toBeNull();
    expect('head' in assembleGitStatus(facts('status-initial.bin'), () => undefined)).toBe(false);
  });

  it('gives a clear empty shape for a workspace that is not a repository', () => {
    expect(emptyGitStatus()).toEqual({
      changedFiles: {},
      deletedFiles: [],
      conflicts: false,
      localChanges: false,
      remote: { head: null, branch: null, ahead: 0, behind: 0, safe: true },
      target: { head: null, branch: null, ahead: 0, behind: 0, safe: true },
      commits: [],
      branch: '',
      isMerging: false,
    });
  });
});
