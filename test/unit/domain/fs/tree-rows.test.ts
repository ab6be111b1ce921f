import { NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';
import { treeKeyIntent, typeAhead } from '../../../../src/domain/fs/tree-navigation';
import { TreeRow, TreeRowsInput, treeRows } from '../../../../src/domain/fs/tree-rows';
import { sampleTree } from './support/tree-fixture';

const input = (overrides: Partial<TreeRowsInput> = {}): TreeRowsInput => ({
  tree: sampleTree(),
  expanded: new Set([ROOT_ID]),
  listings: new Map(),
  expandedPaths: new Set(),
  ...overrides,
});
const describeRow = (row: TreeRow): string => {
  const text = row.kind === 'node' || row.kind === 'listed' ? row.path : row.kind === 'note' ? `(${row.text})` : `<new ${row.type === NodeType.Directory ? 'folder' : 'file'}>`;
  return `${'  '.repeat(row.depth)}${text}`;
};

describe('treeRows', () => {
  it('lists the open folders’ children after them, folders first, with their level and position', () => {
    const rows = treeRows(input({ expanded: new Set([ROOT_ID, 'src']) }));
    expect(rows.map(describeRow)).toEqual(['src', '  src/components', '  src/App.js', 'package.json', 'README.md']);
    const app = rows[2];
    expect(app).toMatchObject({ kind: 'node', id: 'app', depth: 1, parentKey: 'n:src', posInSet: 2, setSize: 2, isDirectory: false });
  });

  it('puts the name input first in the folder a new entry goes to', () => {
    const rows = treeRows(input({ expanded: new Set([ROOT_ID, 'src']), creating: { parentId: 'src', type: NodeType.File } }));
    expect(rows.map(describeRow).slice(0, 3)).toEqual(['src', '  <new file>', '  src/components']);
  });

  it('shows an on-demand folder’s listing from disk, with notes while it loads, fails or is empty', () => {
    const tree = sampleTree();
    tree.apply({ type: 'create', parentId: ROOT_ID, newEntry: { id: 'nm', type: NodeType.Directory, name: 'node_modules' } });
    const base = { tree, expanded: new Set([ROOT_ID, 'nm']) };
    expect(treeRows(input(base)).map(describeRow)).toContain('  (Listing…)');
    const listings = new Map([
      ['node_modules', { kind: 'listed' as const, entries: [{ name: 'zod', isDirectory: true, isSymlink: false }] }],
      ['node_modules/zod', { kind: 'failed' as const, message: 'EACCES' }],
    ]);
    const rows = treeRows(input({ ...base, listings, expandedPaths: new Set(['node_modules/zod']) }));
    expect(rows.map(describeRow).slice(0, 3)).toEqual(['node_modules', '  node_modules/zod', '    (EACCES)']);
    expect(rows[0]).toMatchObject({ kind: 'node', listedOnDemand: true });
  });
});

describe('treeKeyIntent', () => {
  const rows = treeRows(input({ expanded: new Set([ROOT_ID, 'src']) }));
  const at = (path: string) => rows.findIndex((r) => (r.kind === 'node' || r.kind === 'listed') && r.path === path);
  const keyOf = (path: string) => rows[at(path)].key;

  it('moves down and up, stopping at the ends', () => {
    expect(treeKeyIntent(rows, at('src'), 'ArrowDown')).toEqual({ kind: 'focus', key: keyOf('src/components') });
    expect(treeKeyIntent(rows, at('src'), 'ArrowUp')).toBeUndefined();
    expect(treeKeyIntent(rows, at('README.md'), 'ArrowDown')).toBeUndefined();
    expect(treeKeyIntent(rows, at('src'), 'End')).toEqual({ kind: 'focus', key: keyOf('README.md') });
    expect(treeKeyIntent(rows, at('README.md'), 'Home')).toEqual({ kind: 'focus', key: keyOf('src') });
  });

  it('opens a closed folder, enters an open one, closes an open one, climbs from a child', () => {
    expect(treeKeyIntent(rows, at('src/components'), 'ArrowRight')).toEqual({ kind: 'expand', key: keyOf('src/components') });
    expect(treeKeyIntent(rows, at('src'), 'ArrowRight')).toEqual({ kind: 'focus', key: keyOf('src/components') });
    expect(treeKeyIntent(rows, at('src'), 'ArrowLeft')).toEqual({ kind: 'collapse', key: keyOf('src') });
    expect(treeKeyIntent(rows, at('src/App.js'), 'ArrowLeft')).toEqual({ kind: 'focus', key: keyOf('src') });
    expect(treeKeyIntent(rows, at('README.md'), 'ArrowLeft')).toBeUndefined();
    expect(treeKeyIntent(rows, at('README.md'), 'ArrowRight')).toBeUndefined();
    expect(treeKeyIntent(rows, at('README.md'), 'Enter')).toEqual({ kind: 'activate', key: keyOf('README.md') });
  });

  it('type-ahead finds the next name with that first letter, wrapping, case-insensitively', () => {
    expect(treeKeyIntent(rows, at('src'), 'r')).toEqual({ kind: 'focus', key: keyOf('README.md') });
    expect(typeAhead(rows, at('README.md'), 'S')?.key).toBe(keyOf('src'));
    expect(treeKeyIntent(rows, at('src'), 'q')).toBeUndefined();
  });
});
