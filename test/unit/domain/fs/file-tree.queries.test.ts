import { FileTree } from '../../../../src/domain/fs/file-tree';
import { NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';
import { sampleTree } from './support/tree-fixture';

describe('FileTree.empty', () => {
  it('holds only the root directory', () => {
    const tree = FileTree.empty();
    expect(tree.size).toBe(1);
    expect(tree.get(ROOT_ID)).toEqual({ id: '0', type: NodeType.Directory, name: '', parentId: undefined });
    expect(tree.children(ROOT_ID)).toEqual([]);
    expect(tree.toJSON()).toEqual([{ id: '0', type: NodeType.Directory, name: null, parentId: null }]);
  });
});

describe('FileTree.get and has', () => {
  it('finds nodes by id', () => {
    const tree = sampleTree();
    expect(tree.get('app')).toEqual({ id: 'app', type: NodeType.File, name: 'App.js', parentId: 'src' });
    expect(tree.has('app')).toBe(true);
  });

  it('gives undefined for an unknown id', () => {
    expect(sampleTree().get('nope')).toBeUndefined();
    expect(sampleTree().has('nope')).toBe(false);
  });

  it('counts every node, the root included', () => {
    expect(sampleTree().size).toBe(7);
  });
});

describe('FileTree.children', () => {
  it('lists directories first, then files by name', () => {
    expect(sampleTree().children(ROOT_ID).map((node) => node.name)).toEqual(['src', 'package.json', 'README.md']);
  });

  it('sorts names case-insensitively with a stable tie-break', () => {
    const tree = FileTree.empty();
    const names = ['b.js', 'a.js', 'A.js', 'Z.js', '_x.js'];
    names.forEach((name, index) => tree.apply({ type: 'create', parentId: ROOT_ID, newEntry: { id: `f${index}`, type: NodeType.File, name } }));
    tree.apply({ type: 'create', parentId: ROOT_ID, newEntry: { id: 'd', type: NodeType.Directory, name: 'zeta' } });
    expect(tree.children(ROOT_ID).map((node) => node.name)).toEqual(['zeta', '_x.js', 'A.js', 'a.js', 'b.js', 'Z.js']);
  });

  it('is empty for a file and for an unknown id', () => {
    expect(sampleTree().children('app')).toEqual([]);
    expect(sampleTree().children('nope')).toEqual([]);
  });
});

describe('FileTree.descendants', () => {
  it('lists every node below a directory, parents before children', () => {
    const ids = sampleTree().descendants('src').map((node) => node.id);
    expect(ids.sort()).toEqual(['app', 'button', 'components']);
    const ordered = sampleTree().descendants('src').map((node) => node.id);
    expect(ordered.indexOf('components')).toBeLessThan(ordered.indexOf('button'));
  });

  it('lists the whole tree but the root for the root', () => {
    expect(sampleTree().descendants(ROOT_ID)).toHaveLength(6);
  });

  it('is empty for a file and for an unknown id', () => {
    expect(sampleTree().descendants('app')).toEqual([]);
    expect(sampleTree().descendants('nope')).toEqual([]);
  });
});

describe('FileTree.pathOf', () => {
  it("gives '/' for the root", () => {
    expect(sampleTree().pathOf(ROOT_ID)).toEqual({ ok: true, value: '/' });
  });

  it('joins names from the root', () => {
    expect(sampleTree().pathOf('button')).toEqual({ ok: true, value: '/src/components/Button.tsx' });
    expect(sampleTree().pathOf('readme')).toEqual({ ok: true, value: '/README.md' });
  });

  it('refuses an unknown id with the spec text', () => {
    expect(sampleTree().pathOf('x1')).toEqual({
      ok: false,
      error: { kind: 'node-not-found', message: 'Failed to retrieve a path for the file (id: x1): file not found.' },
    });
  });
});

describe('FileTree.findByPath', () => {
  it.each(['src/App.js', '/src/App.js', './src/App.js', 'src//App.js', 'src/components/../App.js'])('finds %j', (path) => {
    expect(sampleTree().findByPath(path)?.id).toBe('app');
  });

  it.each(['', '/', '.', './'])('finds the root for %j', (path) => {
    expect(sampleTree().findByPath(path)?.id).toBe(ROOT_ID);
  });

  it('finds directories', () => {
    expect(sampleTree().findByPath('src/components/')?.id).toBe('components');
  });

  it.each(['missing.js', 'src/missing.js', 'README.md/x', '../README.md', 'src/app.js', 'README.md\0'])(
    'gives undefined for %j',
    (path) => {
      expect(sampleTree().findByPath(path)).toBeUndefined();
    },
  );
});

describe('FileTree.clone', () => {
  it('is an independent copy', () => {
    const tree = sampleTree();
    const copy = tree.clone();
    expect(copy.toJSON()).toEqual(tree.toJSON());
    copy.apply({ type: 'delete', id: 'src' });
    copy.apply({ type: 'create', parentId: ROOT_ID, newEntry: { id: 'n', type: NodeType.Directory, name: 'new' } });
    tree.apply({ type: 'create', parentId: 'components', newEntry: { id: 'm', type: NodeType.File, name: 'Menu.tsx' } });
    expect(tree.findByPath('src/App.js')?.id).toBe('app');
    expect(tree.get('n')).toBeUndefined();
    expect(copy.get('m')).toBeUndefined();
    expect(copy.size).toBe(4);
  });
});
