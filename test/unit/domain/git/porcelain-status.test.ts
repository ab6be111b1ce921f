import { movedFrom, parsePorcelainV2 } from '../../../../src/domain/git/porcelain-status';
import { fixture } from './fixture';

const parse = (name: string) => {
  const r = parsePorcelainV2(fixture(name));
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('parsePorcelainV2 (git status --porcelain=v2 --branch -z)', () => {
  it('reads every kind of change with verbatim paths (spaces, non-ASCII, nested untracked files)', () => {
    const status = parse('status-changes.bin');
    expect(status.branch).toEqual({ oid: expect.stringMatching(/^[0-9a-f]{40}$/), head: 'main', upstream: undefined, ahead: 0, behind: 0 });
    expect(status.entries).toEqual([
      { kind: 'changed', path: 'a.txt', index: '', workingTree: 'M' },
      { kind: 'changed', path: 'both.txt', index: 'M', workingTree: 'M' },
      { kind: 'changed', path: 'gone.txt', index: '', workingTree: 'D' },
      { kind: 'renamed', path: 'new name.txt', originalPath: 'old-name.txt', index: 'R', workingTree: '' },
      { kind: 'changed', path: 'staged.txt', index: 'A', workingTree: '' },
      { kind: 'untracked', path: 'dir/sub/f.txt', index: '?', workingTree: '?' },
      { kind: 'untracked', path: 'é t.txt', index: '?', workingTree: '?' },
    ]);
  });

  it('reads the upstream and how far HEAD is ahead of and behind it', () => {
    expect(parse('status-diverged.bin').branch).toMatchObject({ head: 'main', upstream: 'origin/main', ahead: 1, behind: 1 });
  });

  it('reads an unmerged file of a conflicting pull', () => {
    const status = parse('status-conflict.bin');
    expect(status.entries).toEqual([
      { kind: 'changed', path: 'theirs.txt', index: 'A', workingTree: '' },
      { kind: 'unmerged', path: 'shared.txt', index: 'U', workingTree: 'U' },
    ]);
  });

  it('knows a repository without commits and a detached HEAD', () => {
    expect(parse('status-initial.bin').branch).toMatchObject({ oid: undefined, head: 'main' });
    expect(parse('status-initial.bin').entries).toEqual([{ kind: 'untracked', path: 'hello.txt', index: '?', workingTree: '?' }]);
    expect(parse('status-detached.bin').branch).toMatchObject({ oid: expect.any(String), head: undefined });
  });

  it('maps type changes and unknown letters to M, skips ignored entries and unknown headers', () => {
    const out = ['# branch.oid abc', '# stash 3', '1 .T N... 100644 100644 120000 a b link', '1 X. N... 1 2 3 a b odd', '! ignored.log', ''].join('\0');
    const r = parsePorcelainV2(out);
    expect(r.ok && r.value.entries).toEqual([
      { kind: 'changed', path: 'link', index: '', workingTree: 'M' },
      { kind: 'changed', path: 'odd', index: 'M', workingTree: '' },
    ]);
  });

  it('refuses a record it does not understand', () => {
    expect(parsePorcelainV2('1 .M N... short\0').ok).toBe(false);
    expect(parsePorcelainV2('2 R. N... 100644 100644 100644 a b R100 new\0').ok).toBe(false);
    expect(parsePorcelainV2('Z what\0').ok).toBe(false);
  });

  it("reads a staged copy (status.renames=copies) with its source; only a rename's source moved away", () => {
    const out = ['2 C. N... 100644 100644 100644 a a C100 copy.txt', 'source.txt', '2 R. N... 100644 100644 100644 b b R100 new.txt', 'old.txt', ''].join('\0');
    const r = parsePorcelainV2(out);
    if (!r.ok) throw new Error(r.error);
    const [copy, rename] = r.value.entries;
    expect(copy).toEqual({ kind: 'renamed', path: 'copy.txt', originalPath: 'source.txt', index: 'C', workingTree: '' });
    expect(movedFrom(copy)).toBeUndefined();
    expect(movedFrom(rename)).toBe('old.txt');
  });
});
