import { resultRows } from '../../../../src/domain/search/result-rows';

describe('result rows', () => {
  it('lists each group, then its items unless the group is collapsed', () => {
    const groups = [
      { key: 'a.ts', items: ['a1', 'a2'] },
      { key: 'b.ts', items: ['b1'] },
      { key: 'c.ts', items: ['c1'] },
    ];
    const rows = resultRows(groups, new Set(['b.ts']));
    expect(rows.map((r) => (r.kind === 'group' ? `${r.key}${r.expanded ? '' : ' (collapsed)'}` : `  ${r.item}#${r.index}`))).toEqual([
      'a.ts',
      '  a1#0',
      '  a2#1',
      'b.ts (collapsed)',
      'c.ts',
      '  c1#0',
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});
