import { mergeRemoteSelections, transformRemoteSelections } from '../../../../src/domain/ot/remote-selections';
import { TextOperation } from '../../../../src/domain/ot/text-operation';

describe('remote selections', () => {
  it("merges reported selections placed on the local text, skipping this client's own and removing cleared ones", () => {
    const current = new Map([
      ['gone', [{ anchor: 1, head: 1 }]],
      ['kept', [{ anchor: 2, head: 3 }]],
    ]);
    const next = mergeRemoteSelections(current, { me: [{ anchor: 0, head: 0 }], gone: null, other: [{ anchor: 4, head: 6 }] }, 'me', (s) => ({ anchor: s.anchor + 1, head: s.head + 1 }), 10);
    expect([...next.entries()]).toEqual([
      ['kept', [{ anchor: 2, head: 3 }]],
      ['other', [{ anchor: 5, head: 7 }]],
    ]);
    expect(current.has('gone')).toBe(true); // a new map
  });

  it('keeps a selection that points past the end inside the text', () => {
    const next = mergeRemoteSelections(new Map(), { other: [{ anchor: 3, head: 50 }] }, 'me', (s) => s, 10);
    expect(next.get('other')).toEqual([{ anchor: 3, head: 10 }]);
  });

  it('moves every selection through a change of the text, inside its new length', () => {
    const op = new TextOperation().insert('ab').retain(3).delete(2); // 'xyzuv' → 'abxyz'
    const next = transformRemoteSelections(new Map([['other', [{ anchor: 1, head: 5 }]]]), op);
    expect(next.get('other')).toEqual([{ anchor: 3, head: 5 }]);
  });
});
