import { hasRemote } from '../../../../src/domain/git/git-remotes';

describe('hasRemote (pull, push and their counts are offered only with one)', () => {
  const none = { origin: '', upstream: '' };

  it('is false for a repository with no remote and no tracked branch', () => {
    expect(hasRemote(none, null)).toBe(false);
  });

  it('is false while the remotes are not known yet', () => {
    expect(hasRemote(undefined, null)).toBe(false);
  });

  it('is true with origin or upstream', () => {
    expect(hasRemote({ origin: 'https://example.com/o.git', upstream: '' }, null)).toBe(true);
    expect(hasRemote({ origin: '', upstream: 'https://example.com/u.git' }, null)).toBe(true);
  });

  it('is true when HEAD tracks a branch of a remote of another name', () => {
    expect(hasRemote(none, 'mirror/main')).toBe(true);
    expect(hasRemote(undefined, 'mirror/main')).toBe(true);
  });
});
