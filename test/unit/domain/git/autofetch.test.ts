import { autofetchBranches } from '../../../../src/domain/git/autofetch';
import { GitBranchState, emptyGitStatus, noBranch } from '../../../../src/domain/git/git-status';
import { gitStatus } from '../../application/git/fake-git-port';

const ORIGIN = 'https://github.com/acme/app.git';
const on = (branch: string | null): GitBranchState => ({ ...noBranch(), branch });

describe('autofetchBranches', () => {
  it('fetches nothing without a status, without an origin, or outside a repository', () => {
    const status = gitStatus({ branch: 'feature', remote: on('feature'), target: on('main') });
    expect(autofetchBranches(undefined, ORIGIN)).toEqual([]);
    expect(autofetchBranches(status, undefined)).toEqual([]);
    expect(autofetchBranches(status, '')).toEqual([]);
    // No repository: branch '' (even with branches reported, which a real status would not have).
    expect(autofetchBranches({ ...emptyGitStatus(), remote: on('feature'), target: on('main') }, ORIGIN)).toEqual([]);
  });

  it("fetches HEAD's upstream and the target branch, the upstream first", () => {
    expect(autofetchBranches(gitStatus({ branch: 'feature', remote: on('feature'), target: on('main') }), ORIGIN)).toEqual(['feature', 'main']);
  });

  it('fetches a branch once when the upstream is the target', () => {
    expect(autofetchBranches(gitStatus({ branch: 'main', remote: on('main'), target: on('main') }), ORIGIN)).toEqual(['main']);
  });

  it('skips a branch the status does not have (null or empty)', () => {
    expect(autofetchBranches(gitStatus({ branch: 'local-only', remote: on(null), target: on('main') }), ORIGIN)).toEqual(['main']);
    expect(autofetchBranches(gitStatus({ branch: 'feature', remote: on('feature'), target: on(null) }), ORIGIN)).toEqual(['feature']);
    expect(autofetchBranches(gitStatus({ branch: 'feature', remote: on(''), target: on('') }), ORIGIN)).toEqual([]);
    // A repository whose origin has none of the branches (no remote-tracking refs yet).
    expect(autofetchBranches(gitStatus({ branch: 'main' }), ORIGIN)).toEqual([]);
    // A detached HEAD (branch null) has no upstream; origin's default branch is still fetched.
    expect(autofetchBranches(gitStatus({ branch: null, remote: on(null), target: on('main') }), ORIGIN)).toEqual(['main']);
    expect(autofetchBranches(gitStatus({ branch: null }), ORIGIN)).toEqual([]);
  });
});
