import { ripgrepCompleted } from '../../../../../../src/server/application/workspace/search/ripgrep-engine';

describe('how a ripgrep run ended', () => {
  it('takes exit 0 as found and a quiet exit 1 as nothing found', () => {
    expect(ripgrepCompleted(0, true, '')).toBe(true);
    expect(ripgrepCompleted(1, false, '')).toBe(true);
  });

  it('takes exit 1 with a message and nothing found as a failure: rg could not be started (not an empty result)', () => {
    expect(ripgrepCompleted(1, false, 'bwrap: execvp rg: No such file or directory\n')).toBe(false);
  });

  it('keeps the matches of a run where only some file could not be read (exit 2)', () => {
    expect(ripgrepCompleted(2, true, 'permission denied')).toBe(true);
    expect(ripgrepCompleted(2, false, '')).toBe(true);
    expect(ripgrepCompleted(2, false, 'regex parse error')).toBe(false);
  });

  it('takes any other exit (a signal, 127) as a failure', () => {
    expect(ripgrepCompleted(127, false, '')).toBe(false);
    expect(ripgrepCompleted(-1, false, '')).toBe(false);
    expect(ripgrepCompleted(null, false, '')).toBe(false);
  });
});
