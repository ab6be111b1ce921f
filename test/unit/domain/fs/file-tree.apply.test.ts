import { NodeType, ROOT_ID, type FsOperation } from '../../../../src/domain/fs/file-tree.types';
import { FileTree } from '../../../../src/domain/fs/file-tree';
import { messageOf, sampleTree } from './support/tree-fixture';

const create = (parentId: string, id: string, name: string, type = NodeType.File): FsOperation => ({
  type: 'create',
  parentId,
  newEntry: { id, type, name },
});

/** Applies an operation that must be refused and checks the tree did not change. */
function refusal(operation: FsOperation, tree: FileTree = sampleTree()): { kind: string; message: string } {
  const before = tree.toJSON();
  const result = tree.apply(operation);
  expect(result.ok).toBe(false);
  expect(tree.toJSON()).toEqual(before);
  return result.ok ? { kind: '', message: '' } : result.error;
}

describe('FileTree.apply create', () => {
  it('creates a file in a directory', () => {
    const tree = sampleTree();
    expect(tree.apply(create('components', 'menu', 'Menu.tsx'))).toEqual({ ok: true, value: undefined });
    expect(tree.get('menu')).toEqual({ id: 'menu', type: NodeType.File, name: 'Menu.tsx', parentId: 'components' });
    expect(tree.pathOf('menu')).toEqual({ ok: true, value: '/src/components/Menu.tsx' });
  });

  it('creates a directory that can hold children', () => {
    const tree = sampleTree();
    expect(tree.apply(create(ROOT_ID, 'public', 'public', NodeType.Directory)).ok).toBe(true);
    expect(tree.apply(create('public', 'index', 'index.html')).ok).toBe(true);
    expect(tree.findByPath('public/index.html')?.id).toBe('index');
  });

  it("refuses an empty file name with 'File name is undefined'", () => {
    expect(refusal(create(ROOT_ID, 'x', ''))).toEqual({ kind: 'file-name-undefined', message: 'File name is undefined' });
  });

  it("refuses an empty directory name with 'Directory name is undefined'", () => {
    expect(refusal(create(ROOT_ID, 'x', '', NodeType.Directory))).toEqual({
      kind: 'directory-name-undefined',
      message: 'Directory name is undefined',
    });
  });

  it.each(['.', '..', 'a/b', '/', 'a\0b'])('refuses the invalid name %j', (name) => {
    expect(refusal(create(ROOT_ID, 'x', name))).toEqual({
      kind: 'invalid-name',
      message: `Invalid name ${JSON.stringify(name)}: a name cannot contain "/" or a NUL character, or be "." or ".."`,
    });
  });

  it("refuses a missing parent with 'Parent directory not found'", () => {
    expect(refusal(create('nope', 'x', 'x.js'))).toEqual({ kind: 'parent-not-found', message: 'Parent directory not found' });
  });

  it("refuses a file as parent with '{path} is not a directory'", () => {
    expect(refusal(create('button', 'x', 'x.js'))).toEqual({
      kind: 'not-a-directory',
      message: '/src/components/Button.tsx is not a directory',
    });
  });

  it("refuses a name already taken in the directory with '{path} already exists'", () => {
    expect(refusal(create('src', 'x', 'App.js'))).toEqual({ kind: 'already-exists', message: '/src/App.js already exists' });
    expect(messageOf(sampleTree().apply(create(ROOT_ID, 'x', 'src')))).toBe('/src already exists');
  });

  it('treats names as case-sensitive', () => {
    expect(sampleTree().apply(create('src', 'x', 'app.js')).ok).toBe(true);
  });

  it('refuses an id already in use, the root id included', () => {
    expect(refusal(create(ROOT_ID, 'app', 'other.js'))).toEqual({
      kind: 'duplicate-id',
      message: 'A file or directory with id app already exists',
    });
    expect(refusal(create(ROOT_ID, ROOT_ID, 'other.js')).kind).toBe('duplicate-id');
  });

  it('refuses a malformed entry', () => {
    expect(refusal(create(ROOT_ID, '', 'x.js'))).toEqual({ kind: 'malformed-node', message: 'Malformed file tree node (id: )' });
    expect(refusal(create(ROOT_ID, 'x', 'x.js', 2 as NodeType)).kind).toBe('malformed-node');
  });
});

describe('FileTree.apply delete', () => {
  it('deletes a file and frees its name', () => {
    const tree = sampleTree();
    expect(tree.apply({ type: 'delete', id: 'readme' })).toEqual({ ok: true, value: undefined });
    expect(tree.get('readme')).toBeUndefined();
    expect(tree.apply(create(ROOT_ID, 'readme2', 'README.md')).ok).toBe(true);
  });

  it('deletes a directory recursively', () => {
    const tree = sampleTree();
    expect(tree.apply({ type: 'delete', id: 'src' }).ok).toBe(true);
    for (const id of ['src', 'app', 'components', 'button']) expect(tree.get(id)).toBeUndefined();
    expect(tree.size).toBe(3);
    expect(tree.children(ROOT_ID).map((node) => node.id)).toEqual(['pkg', 'readme']);
    expect(tree.apply(create(ROOT_ID, 'button', 'Button.tsx')).ok).toBe(true);
  });

  it("refuses the root with 'Cannot delete root directory'", () => {
    expect(refusal({ type: 'delete', id: ROOT_ID })).toEqual({ kind: 'cannot-delete-root', message: 'Cannot delete root directory' });
  });

  it('refuses an unknown id', () => {
    expect(refusal({ type: 'delete', id: 'nope' })).toEqual({
      kind: 'node-not-found',
      message: 'Failed to retrieve a path for the file (id: nope): file not found.',
    });
  });
});

describe('FileTree.apply move', () => {
  it('renames in place when only a name is given', () => {
    const tree = sampleTree();
    expect(tree.apply({ type: 'move', id: 'app', name: 'App.tsx' })).toEqual({ ok: true, value: undefined });
    expect(tree.get('app')).toEqual({ id: 'app', type: NodeType.File, name: 'App.tsx', parentId: 'src' });
    expect(tree.findByPath('src/App.js')).toBeUndefined();
    expect(tree.apply(create('src', 'x', 'App.js')).ok).toBe(true);
  });

  it('reparents, keeping the name, when only a parentId is given; children follow', () => {
    const tree = sampleTree();
    expect(tree.apply({ type: 'move', id: 'components', parentId: ROOT_ID }).ok).toBe(true);
    expect(tree.pathOf('button')).toEqual({ ok: true, value: '/components/Button.tsx' });
    expect(tree.children('src').map((node) => node.id)).toEqual(['app']);
  });

  it('renames and reparents at once', () => {
    const tree = sampleTree();
    expect(tree.apply({ type: 'move', id: 'readme', parentId: 'components', name: 'Docs.md' }).ok).toBe(true);
    expect(tree.pathOf('readme')).toEqual({ ok: true, value: '/src/components/Docs.md' });
  });

  it('treats a null name as no rename', () => {
    const tree = sampleTree();
    expect(tree.apply({ type: 'move', id: 'readme', parentId: 'src', name: null }).ok).toBe(true);
    expect(tree.pathOf('readme')).toEqual({ ok: true, value: '/src/README.md' });
  });

  it('accepts a move onto its own place and a case-only rename', () => {
    const tree = sampleTree();
    expect(tree.apply({ type: 'move', id: 'app', parentId: 'src', name: 'App.js' }).ok).toBe(true);
    expect(tree.apply({ type: 'move', id: 'app', name: 'app.js' }).ok).toBe(true);
    expect(tree.findByPath('src/app.js')?.id).toBe('app');
  });

  it('accepts a move with neither parentId nor name as a no-op', () => {
    const tree = sampleTree();
    const before = tree.toJSON();
    expect(tree.apply({ type: 'move', id: 'app' }).ok).toBe(true);
    expect(tree.toJSON()).toEqual(before);
  });

  it("refuses moving the root with 'Root directory cannot be moved'", () => {
    const moved = { kind: 'root-cannot-be-moved', message: 'Root directory cannot be moved' };
    expect(refusal({ type: 'move', id: ROOT_ID, parentId: 'src' })).toEqual(moved);
    expect(refusal({ type: 'move', id: ROOT_ID, parentId: ROOT_ID, name: 'x' })).toEqual(moved);
    expect(refusal({ type: 'move', id: ROOT_ID, parentId: null })).toEqual(moved);
    expect(refusal({ type: 'move', id: ROOT_ID })).toEqual(moved);
  });

  it("refuses renaming the root with 'Root directory cannot be renamed'", () => {
    expect(refusal({ type: 'move', id: ROOT_ID, name: 'workspace' })).toEqual({
      kind: 'root-cannot-be-renamed',
      message: 'Root directory cannot be renamed',
    });
  });

  it("refuses an explicit null parentId with 'Move requires a parentId'", () => {
    expect(refusal({ type: 'move', id: 'app', parentId: null, name: 'b.js' })).toEqual({
      kind: 'move-requires-parent',
      message: 'Move requires a parentId',
    });
  });

  it('refuses an empty name with the name-undefined text of the node type', () => {
    expect(refusal({ type: 'move', id: 'app', name: '' }).message).toBe('File name is undefined');
    expect(refusal({ type: 'move', id: 'src', name: '' }).message).toBe('Directory name is undefined');
  });

  it('refuses an invalid name', () => {
    expect(refusal({ type: 'move', id: 'app', name: '../App.js' }).kind).toBe('invalid-name');
  });

  it("refuses a missing target with 'Parent directory not found'", () => {
    expect(refusal({ type: 'move', id: 'app', parentId: 'nope' })).toEqual({ kind: 'parent-not-found', message: 'Parent directory not found' });
  });

  it("refuses a file as target with '{path} is not a directory'", () => {
    expect(refusal({ type: 'move', id: 'app', parentId: 'readme' })).toEqual({ kind: 'not-a-directory', message: '/README.md is not a directory' });
  });

  it('refuses moving a directory into itself', () => {
    expect(refusal({ type: 'move', id: 'src', parentId: 'src' })).toEqual({
      kind: 'move-into-itself',
      message: 'Cannot move /src into itself or one of its subdirectories (/src)',
    });
  });

  it('refuses moving a directory into one of its descendants', () => {
    expect(refusal({ type: 'move', id: 'src', parentId: 'components', name: 'inner' })).toEqual({
      kind: 'move-into-itself',
      message: 'Cannot move /src into itself or one of its subdirectories (/src/components)',
    });
  });

  it("refuses a name taken in the target with '{path} already exists'", () => {
    expect(refusal({ type: 'move', id: 'button', parentId: 'src', name: 'App.js' })).toEqual({
      kind: 'already-exists',
      message: '/src/App.js already exists',
    });
    expect(refusal({ type: 'move', id: 'readme', name: 'package.json' }).message).toBe('/package.json already exists');
  });

  it('refuses an unknown id', () => {
    expect(refusal({ type: 'move', id: 'nope', name: 'x' })).toEqual({
      kind: 'node-not-found',
      message: 'Failed to retrieve a path for the file (id: nope): file not found.',
    });
  });
});
