import { foldersWithChanges, gitDecoration } from '../../../../src/domain/git/git-decoration';
import { GitStatusLetter } from '../../../../src/domain/git/status-letter';

const item = (index: GitStatusLetter, workingTree: GitStatusLetter, isConflicted = false) => ({ index, workingTree, isConflicted });

describe('gitDecoration', () => {
  it("gives the spec's badge and tooltip for each kind of change", () => {
    expect(gitDecoration(item('', 'M'))).toEqual({ badge: 'M', tooltip: 'Modified' });
    expect(gitDecoration(item('M', ''))).toEqual({ badge: 'M', tooltip: 'Modified' });
    expect(gitDecoration(item('A', ''))).toEqual({ badge: 'A', tooltip: 'Added' });
    expect(gitDecoration(item('A', 'M'))).toEqual({ badge: 'A', tooltip: 'Added' });
    expect(gitDecoration(item('', 'D'))).toEqual({ badge: 'D', tooltip: 'Deleted' });
    expect(gitDecoration(item('R', ''))).toEqual({ badge: 'R', tooltip: 'Renamed' });
    expect(gitDecoration(item('C', ''))).toEqual({ badge: 'C', tooltip: 'Copied' });
    expect(gitDecoration(item('?', '?'))).toEqual({ badge: 'U', tooltip: 'Untracked' });
    expect(gitDecoration(item('U', 'U', true))).toEqual({ badge: '!', tooltip: 'Conflict' });
    expect(gitDecoration(item('A', 'A', true))).toEqual({ badge: '!', tooltip: 'Conflict' });
  });

  it('gives nothing for an unchanged entry', () => {
    expect(gitDecoration(item('', ''))).toBeUndefined();
  });
});

describe('foldersWithChanges', () => {
  it('lists every folder above a changed path, not the root', () => {
    expect([...foldersWithChanges(['src/app/main.ts', 'src/util.ts', 'README.md', '/docs/a/b.md'])].sort()).toEqual(['docs', 'docs/a', 'src', 'src/app']);
  });
});
