import { FileTree } from '../../../../src/domain/fs/file-tree';
import { type JsonTreeNode, NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';
import { sampleTree } from './support/tree-fixture';

const root: JsonTreeNode = { id: ROOT_ID, type: NodeType.Directory, name: null, parentId: null };
const dir = (id: string, parentId: string, name: string): JsonTreeNode => ({ id, type: NodeType.Directory, name, parentId });
const file = (id: string, parentId: string, name: string | null): JsonTreeNode => ({ id, type: NodeType.File, name, parentId });

function fromJSONError(nodes: JsonTreeNode[]): { kind: string; message: string } | undefined {
  const result = FileTree.fromJSON(nodes);
  return result.ok ? undefined : result.error;
}

describe('FileTree.toJSON', () => {
  it('emits the root first with null name and parentId, then parents before children', () => {
    expect(sampleTree().toJSON()).toEqual([
      root,
      dir('src', ROOT_ID, 'src'),
      file('pkg', ROOT_ID, 'package.json'),
      file('readme', ROOT_ID, 'README.md'),
      dir('components', 'src', 'components'),
      file('app', 'src', 'App.js'),
      file('button', 'components', 'Button.tsx'),
    ]);
  });
});

describe('FileTree.fromJSON', () => {
  it('rebuilds the tree toJSON emitted', () => {
    const json = sampleTree().toJSON();
    const rebuilt = FileTree.fromJSON(json);
    expect(rebuilt.ok && rebuilt.value.toJSON()).toEqual(json);
  });

  it('accepts nodes in any order', () => {
    const json = sampleTree().toJSON();
    const rebuilt = FileTree.fromJSON([...json].reverse());
    expect(rebuilt.ok && rebuilt.value.toJSON()).toEqual(json);
  });

  it('accepts a snapshot without the root entry', () => {
    const json = sampleTree().toJSON();
    const rebuilt = FileTree.fromJSON(json.slice(1));
    expect(rebuilt.ok && rebuilt.value.toJSON()).toEqual(json);
  });

  it('accepts an empty snapshot as the empty tree', () => {
    const rebuilt = FileTree.fromJSON([]);
    expect(rebuilt.ok && rebuilt.value.toJSON()).toEqual([root]);
  });

  it('refuses a node whose parent is missing', () => {
    expect(fromJSONError([root, file('a', 'nope', 'a.js')])).toEqual({ kind: 'parent-not-found', message: 'Parent directory not found' });
  });

  it('refuses a non-root node without a parent', () => {
    expect(fromJSONError([{ id: 'a', type: NodeType.File, name: 'a.js', parentId: null }])?.kind).toBe('parent-not-found');
  });

  it('refuses a node whose parent is a file', () => {
    expect(fromJSONError([file('a', ROOT_ID, 'a.js'), file('b', 'a', 'b.js')])).toEqual({
      kind: 'not-a-directory',
      message: '/a.js is not a directory',
    });
  });

  it('refuses a node without a name', () => {
    expect(fromJSONError([file('a', ROOT_ID, null)])?.message).toBe('File name is undefined');
    expect(fromJSONError([{ id: 'd', type: NodeType.Directory, name: null, parentId: ROOT_ID }])?.message).toBe(
      'Directory name is undefined',
    );
  });

  it('refuses two nodes with the same name in one directory', () => {
    expect(fromJSONError([dir('s', ROOT_ID, 'src'), file('a', 's', 'a.js'), file('b', 's', 'a.js')])).toEqual({
      kind: 'already-exists',
      message: '/src/a.js already exists',
    });
  });

  it('refuses a duplicate id, the root included', () => {
    expect(fromJSONError([file('a', ROOT_ID, 'a.js'), file('a', ROOT_ID, 'b.js')])).toEqual({
      kind: 'duplicate-id',
      message: 'A file or directory with id a already exists',
    });
    expect(fromJSONError([root, root])?.kind).toBe('duplicate-id');
  });

  it('refuses a root that is a file or has a parent', () => {
    expect(fromJSONError([{ ...root, type: NodeType.File }])).toEqual({ kind: 'malformed-node', message: 'Malformed file tree node (id: 0)' });
    expect(fromJSONError([{ ...root, parentId: 'x' }])?.kind).toBe('malformed-node');
  });

  it('refuses an unknown node type or a missing id', () => {
    expect(fromJSONError([{ id: 'a', type: 7 as NodeType, name: 'a', parentId: ROOT_ID }])?.kind).toBe('malformed-node');
    expect(fromJSONError([{ id: '', type: NodeType.File, name: 'a', parentId: ROOT_ID }])?.kind).toBe('malformed-node');
  });

  it('refuses nodes that form a cycle away from the root', () => {
    expect(fromJSONError([dir('a', 'b', 'a'), dir('b', 'a', 'b')])).toEqual({
      kind: 'cyclic-tree',
      message: 'The file tree is not connected to the root directory (id: a)',
    });
  });
});
