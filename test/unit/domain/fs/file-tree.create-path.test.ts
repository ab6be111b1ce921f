import { FileTree } from '../../../../src/domain/fs/file-tree';
import { NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';
import { messageOf, sampleTree, sequentialIds } from './support/tree-fixture';

describe('FileTree.createPath', () => {
  it('creates missing parent directories like mkdir -p', () => {
    const tree = sampleTree();
    const created = tree.createPath('src/pages/blog/post.md', NodeType.File, sequentialIds());
    expect(created).toEqual({ ok: true, value: { id: 'id3', type: NodeType.File, name: 'post.md', parentId: 'id2' } });
    expect(tree.get('id1')).toEqual({ id: 'id1', type: NodeType.Directory, name: 'pages', parentId: 'src' });
    expect(tree.get('id2')).toEqual({ id: 'id2', type: NodeType.Directory, name: 'blog', parentId: 'id1' });
    expect(tree.pathOf('id3')).toEqual({ ok: true, value: '/src/pages/blog/post.md' });
  });

  it.each(['/lib/util.ts', './lib/util.ts', 'lib//util.ts'])('accepts the path form %j', (path) => {
    const tree = FileTree.empty();
    expect(tree.createPath(path, NodeType.File, sequentialIds()).ok).toBe(true);
    expect(tree.findByPath('lib/util.ts')?.id).toBe('id2');
  });

  it('creates a directory', () => {
    const tree = sampleTree();
    const created = tree.createPath('src/hooks', NodeType.Directory, sequentialIds());
    expect(created).toEqual({ ok: true, value: { id: 'id1', type: NodeType.Directory, name: 'hooks', parentId: 'src' } });
  });

  it('returns an existing directory without creating anything', () => {
    const tree = sampleTree();
    const newId = jest.fn(() => 'x');
    expect(tree.createPath('/src/components', NodeType.Directory, newId)).toEqual({ ok: true, value: tree.get('components') });
    expect(tree.createPath('/', NodeType.Directory, newId)).toEqual({ ok: true, value: tree.get(ROOT_ID) });
    expect(newId).not.toHaveBeenCalled();
    expect(tree.size).toBe(7);
  });

  it("refuses a path through a file with '{path} already exists but is not a directory'", () => {
    const result = sampleTree().createPath('README.md/notes.txt', NodeType.File, sequentialIds());
    expect(result).toEqual({
      ok: false,
      error: { kind: 'exists-not-a-directory', message: '/README.md already exists but is not a directory' },
    });
  });

  it("refuses a directory where a file exists with '{path} already exists but is not a directory'", () => {
    expect(messageOf(sampleTree().createPath('src/App.js', NodeType.Directory, sequentialIds()))).toBe(
      '/src/App.js already exists but is not a directory',
    );
  });

  it("refuses a file where a node exists with '{path} already exists'", () => {
    expect(sampleTree().createPath('src/App.js', NodeType.File, sequentialIds())).toEqual({
      ok: false,
      error: { kind: 'already-exists', message: '/src/App.js already exists' },
    });
    expect(messageOf(sampleTree().createPath('src', NodeType.File, sequentialIds()))).toBe('/src already exists');
    expect(messageOf(sampleTree().createPath('', NodeType.File, sequentialIds()))).toBe('/ already exists');
  });

  it.each(['../outside.js', 'src/../../x', 'a\0b'])("refuses %j with 'Invalid path'", (path) => {
    expect(sampleTree().createPath(path, NodeType.File, sequentialIds())).toEqual({
      ok: false,
      error: { kind: 'invalid-path', message: 'Invalid path' },
    });
  });

  it('changes nothing when newId gives an id in use', () => {
    const tree = sampleTree();
    const before = tree.toJSON();
    const ids = ['fresh', 'app'];
    expect(messageOf(tree.createPath('a/b/c.js', NodeType.File, () => ids.shift() as string))).toBe(
      'A file or directory with id app already exists',
    );
    expect(tree.toJSON()).toEqual(before);
  });

  it('changes nothing when newId repeats itself', () => {
    const tree = sampleTree();
    expect(tree.createPath('a/b/c.js', NodeType.File, () => 'same').ok).toBe(false);
    expect(tree.size).toBe(7);
  });
});

describe('FileTree.planCreatePath', () => {
  it('lists the create operations without applying them', () => {
    const tree = sampleTree();
    const plan = tree.planCreatePath('src/pages/index.tsx', NodeType.File, sequentialIds());
    expect(plan).toEqual({
      ok: true,
      value: {
        existing: undefined,
        operations: [
          { type: 'create', parentId: 'src', newEntry: { id: 'id1', type: NodeType.Directory, name: 'pages' } },
          { type: 'create', parentId: 'id1', newEntry: { id: 'id2', type: NodeType.File, name: 'index.tsx' } },
        ],
      },
    });
    expect(tree.size).toBe(7);
    if (plan.ok) for (const operation of plan.value.operations) expect(tree.apply(operation).ok).toBe(true);
    expect(tree.findByPath('src/pages/index.tsx')?.id).toBe('id2');
  });
});
