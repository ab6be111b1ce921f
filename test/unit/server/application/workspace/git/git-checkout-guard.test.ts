import { refusedForLocalChanges, resetPreventedMessage } from '../../../../../../src/server/application/workspace/git/git-checkout-guard';

const failed = (stderr: string) => ({ ok: false, timedOut: false, stdout: '', stderr });

describe('refusedForLocalChanges', () => {
  it.each([
    ['checkout over changed files', 'error: Your local changes to the following files would be overwritten by checkout:\n\tREADME.md\nPlease commit your changes or stash them before you switch branches.\nAborting\n'],
    ['checkout over untracked files', 'error: The following untracked working tree files would be overwritten by checkout:\n\tc.txt\nPlease move or remove them before you switch branches.\nAborting\n'],
    ['checkout during an unresolved merge', 'error: you need to resolve your current index first\nREADME.md: needs merge\n'],
    ['reset --keep over a changed file', "error: Entry 'a.txt' not uptodate. Cannot merge.\nfatal: Could not reset index file to revision 'FETCH_HEAD'.\n"],
    ['reset --keep over an untracked file', "error: Untracked working tree file 'c.txt' would be overwritten by merge.\nfatal: Could not reset index file to revision 'x'.\n"],
  ])('recognises %s', (_case, stderr) => {
    expect(refusedForLocalChanges(failed(stderr))).toBe(true);
  });

  it.each([
    ['an unknown branch', "error: pathspec 'nope' did not match any file(s) known to git\n"],
    ['a missing repository', 'fatal: not a git repository (or any of the parent directories): .git\n'],
    ['a locked index', "fatal: Unable to create '/w/.git/index.lock': File exists.\n"],
  ])('does not take %s for local changes', (_case, stderr) => {
    expect(refusedForLocalChanges(failed(stderr))).toBe(false);
  });

  it('never for a success or a time-out', () => {
    expect(refusedForLocalChanges({ ok: true, timedOut: false, stdout: '', stderr: 'would be overwritten by checkout' })).toBe(false);
    expect(refusedForLocalChanges({ ok: false, timedOut: true, stdout: '', stderr: 'would be overwritten by checkout' })).toBe(false);
  });

  it('says that the changes were kept and what git said', () => {
    expect(resetPreventedMessage('origin/main', "Entry 'a.txt' not uptodate. Cannot merge.")).toBe(
      "Your local changes were kept: resetting to origin/main would overwrite them (Entry 'a.txt' not uptodate. Cannot merge.)",
    );
  });
});
