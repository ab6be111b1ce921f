import { execFileSync } from 'node:child_process';
import { commitCommandLine, shellQuote } from '../../../../src/domain/git/commit-command';
import { parseLog } from '../../../../src/domain/git/git-log';
import { parseRemoteUrls } from '../../../../src/domain/git/git-remotes';
import { isSafeRevision, isValidBranchName } from '../../../../src/domain/git/ref-names';
import { fixture } from './fixture';

describe('parseLog (git log -z --format=LOG_FORMAT)', () => {
  it('reads hash, ISO date, author and message of each commit, newest first', () => {
    expect(parseLog(fixture('log.bin'))).toEqual([
      { hash: expect.stringMatching(/^[0-9a-f]{40}$/), date: '2024-05-01T10:00:00+02:00', author: 'Ada Lovelace', message: 'mine' },
      { hash: expect.stringMatching(/^[0-9a-f]{40}$/), date: '2024-05-01T10:00:00+02:00', author: 'Ada Lovelace', message: 'base' },
    ]);
  });

  it('keeps a multi-line message and one that contains the field separator', () => {
    expect(parseLog('h\x1fd\x1fa\x1fsubject\n\nbody \x1f more\n\0')).toEqual([{ hash: 'h', date: 'd', author: 'a', message: 'subject\n\nbody \x1f more' }]);
  });
});

describe('parseRemoteUrls (git config -z --get-regexp)', () => {
  it('takes the first URL of origin and of upstream, ignoring other remotes', () => {
    expect(parseRemoteUrls(fixture('remotes.bin'))).toEqual({ origin: 'https://example.com/origin.git', upstream: 'https://example.com/up stream.git' });
  });

  it('gives empty strings without remotes', () => {
    expect(parseRemoteUrls('')).toEqual({ origin: '', upstream: '' });
  });
});

describe('ref names', () => {
  it.each(['main', 'feature/x', 'v1.2', 'fix-1_a'])('accepts the branch name %j', (name) => expect(isValidBranchName(name)).toBe(true));
  it.each(['', '-x', 'a..b', 'a b', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[', 'a\\b', 'x/', 'x.', '.x', 'a/.b', 'a.lock', 'a@{1}', '@', 'a//b', 'a\tb'])(
    'refuses the branch name %j',
    (name) => expect(isValidBranchName(name)).toBe(false),
  );
  it('takes revision expressions but never options or rev:path pairs', () => {
    expect(['HEAD~1', 'main', 'abc123', 'origin/main^'].every(isSafeRevision)).toBe(true);
    expect(['-p', '--output=x', 'HEAD:secret', 'a\nb', ''].some(isSafeRevision)).toBe(false);
  });
});

describe('commitCommandLine', () => {
  const bash = (line: string) => execFileSync('bash', ['-c', line], { encoding: 'utf8' });

  it('quotes any text so bash reads it back verbatim', () => {
    for (const text of ["it's", 'a "b" $HOME `id` \\n', 'multi\nline', '; rm -rf /', "''"]) expect(bash(`printf %s ${shellQuote(text)}`)).toBe(text);
  });

  it('stages and commits only the given paths, then pushes when asked, each step after the previous succeeded', () => {
    const line = commitCommandLine({ message: "Fix 'it'", paths: ['a b.txt', '-x'], push: ['push', '--', 'origin', 'HEAD:refs/heads/main'] });
    expect(line).toContain("add -A -- 'a b.txt' '-x' && ");
    expect(line).toContain("commit -m 'Fix '\\''it'\\''' -- 'a b.txt' '-x' && ");
    expect(line).toMatch(/ 'push' '--' 'origin' 'HEAD:refs\/heads\/main'$/);
    expect(line).toMatch(/^export GIT_TERMINAL_PROMPT=0 /);
  });

  it('commits every change without paths', () => {
    const line = commitCommandLine({ message: 'm' });
    expect(line).toMatch(/add -A && .* commit -m 'm'$/);
  });
});
