import { parseNameStatus } from '../../../../src/domain/git/diff-files';
import { parseHunkHeader, parseUnifiedDiff } from '../../../../src/domain/git/diff-hunks';
import { fixture } from './fixture';

describe('parseNameStatus (git diff --name-status -z)', () => {
  it('reads added, deleted, modified and renamed files (the old path first)', () => {
    expect(parseNameStatus(fixture('diff-names.bin'))).toEqual([
      { status: 'A', path: 'added.txt' },
      { status: 'D', path: 'deleted.txt' },
      { status: 'M', path: 'image.bin' },
      { status: 'M', path: 'numbers.txt' },
      { status: 'R', path: 'renamed.txt', oldPath: 'moved.txt' },
    ]);
  });

  it('reads nothing from no output', () => {
    expect(parseNameStatus('')).toEqual([]);
  });
});

describe('parseUnifiedDiff (git diff -U0)', () => {
  const sections = parseUnifiedDiff(fixture('diff-patch.txt'));

  it('has one section per file, in the order of --name-status, a binary file without hunks', () => {
    expect(sections).toHaveLength(parseNameStatus(fixture('diff-names.bin')).length);
    expect(sections[2]).toEqual([]);
  });

  it('turns hunk headers into inclusive 1-based line ranges; an empty side sits before its next line', () => {
    expect(sections[0]).toEqual([{ original: { start: 1, end: 0 }, modified: { start: 1, end: 1 } }]);
    expect(sections[1]).toEqual([{ original: { start: 1, end: 1 }, modified: { start: 1, end: 0 } }]);
    expect(sections[3]).toEqual([
      { original: { start: 1, end: 0 }, modified: { start: 1, end: 1 } },
      { original: { start: 5, end: 6 }, modified: { start: 6, end: 5 } },
      { original: { start: 15, end: 15 }, modified: { start: 14, end: 14 } },
      { original: { start: 21, end: 20 }, modified: { start: 20, end: 21 } },
    ]);
    expect(sections[4]).toEqual([{ original: { start: 11, end: 10 }, modified: { start: 11, end: 11 } }]);
  });

  it('does not take body lines for headers', () => {
    const patch = ['diff --git a/x b/x', '--- a/x', '+++ b/x', '@@ -1,2 +1,2 @@', '-@@ -9 +9 @@', '-diff --git a/y b/y', '+a', '+b', ''].join('\n');
    expect(parseUnifiedDiff(patch)).toEqual([[{ original: { start: 1, end: 2 }, modified: { start: 1, end: 2 } }]]);
  });

  it('rejects a malformed hunk header', () => {
    expect(parseHunkHeader('@@ -a +1 @@')).toBeUndefined();
  });
});
