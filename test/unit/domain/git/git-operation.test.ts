import { BRANCH_RENAME_IDLE, branchRenameFailure, shownBranchName } from '../../../../src/domain/git/branch-rename';
import { GIT_IDLE, GitOperationEvent, gitOperationTransition } from '../../../../src/domain/git/git-operation';

const run = (events: GitOperationEvent[]) => events.reduce(gitOperationTransition, GIT_IDLE);

describe('git operation states', () => {
  it('goes started → finished (success or error)', () => {
    expect(run([{ type: 'started' }])).toEqual({ kind: 'RUNNING' });
    expect(run([{ type: 'started' }, { type: 'finished' }])).toEqual({ kind: 'SUCCEEDED' });
    expect(run([{ type: 'started' }, { type: 'finished', error: 'conflict' }])).toEqual({ kind: 'FAILED', message: 'conflict' });
  });

  it('keeps a failure reported by the finished notification when the request then resolves', () => {
    expect(run([{ type: 'requested' }, { type: 'finished', error: 'conflict' }, { type: 'succeeded' }])).toEqual({ kind: 'FAILED', message: 'conflict' });
  });

  it('is locked with the spec text on GIT_OPERATION_IN_PROGRESS', () => {
    expect(run([{ type: 'requested' }, { type: 'locked' }])).toEqual({ kind: 'LOCKED', message: 'Another git operation is in progress, try again later.' });
  });
});

describe('branch rename', () => {
  it('shows the new name while renaming', () => {
    expect(shownBranchName('main', { kind: 'RENAMING', from: 'main', to: 'feature' })).toBe('feature');
    expect(shownBranchName('main', BRANCH_RENAME_IDLE)).toBe('main');
  });

  it('reports a taken name as name-taken and anything else as "Cannot persist rename operation"', () => {
    expect(branchRenameFailure('Name has already been taken')).toEqual({ kind: 'name-taken', message: 'Name has already been taken' });
    expect(branchRenameFailure('fatal: not a valid branch name')).toEqual({ kind: 'rename-failed', message: 'Cannot persist rename operation' });
    expect(branchRenameFailure(undefined).kind).toBe('rename-failed');
  });
});
