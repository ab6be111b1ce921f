import 'reflect-metadata';
import { RawFsPort } from '../../../../src/application/ports/raw-fs.port';
import { Emitter } from '../../../../src/base/event';
import { unwrap } from '../../../../src/base/result';
import { FileTree } from '../../../../src/domain/fs/file-tree';
import { FsOperation, NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';
import { EDITORCONFIG_CACHE_MS, EditorConfigStore } from '../../../../src/application/settings/editorconfig.store';

const operations = new Emitter<Array<{ operation: FsOperation; clock: number }>>();
const saves = new Emitter<{ fileId: string; savedHash: string }>();
const newStore = (port: RawFsPort) => new EditorConfigStore(port, { onDidReceiveOperations: operations.event }, { onDidSave: saves.event });

function fsWith(files: Record<string, string>) {
  const reads: string[] = [];
  const port = {
    readFile: async (path: string) => {
      reads.push(path);
      if (!(path in files)) throw new Error('File not found');
      return new TextEncoder().encode(files[path]);
    },
  } as unknown as RawFsPort;
  return { port, reads };
}

describe('EditorConfigStore', () => {
  it('merges .editorconfig files from the root down, the nearer one winning, and stops at root = true', async () => {
    const { port, reads } = fsWith({
      '.editorconfig': '[*]\nindent_style = tab\n',
      'packages/.editorconfig': 'root = true\n[*.ts]\nindent_style = space\nindent_size = 3\n',
      'packages/web/.editorconfig': '[src/*.ts]\nindent_size = 5\n',
    });
    const store = newStore(port);
    expect(await store.indentationFor('packages/web/src/a.ts')).toEqual({ insertSpaces: true, indentSize: 5, tabSize: 5 });
    expect(reads).not.toContain('.editorconfig'); // root = true in packages/
    expect(await store.indentationFor('other/b.ts')).toEqual({ insertSpaces: false, indentSize: 2, tabSize: 2 });
  });

  it('caches the files for a moment, or until an .editorconfig changes', async () => {
    const files: Record<string, string> = { '.editorconfig': '[*]\nindent_size = 4\n' };
    const { port, reads } = fsWith(files);
    const store = newStore(port);
    let now = 0;
    store.now = () => now;
    await store.indentationFor('a.js');
    await store.indentationFor('b.js');
    expect(reads.filter((r) => r === '.editorconfig')).toHaveLength(1);
    files['.editorconfig'] = '[*]\nindent_size = 8\n';
    store.invalidate('src/app.js');
    expect(await store.indentationFor('a.js')).toEqual({ indentSize: 4, tabSize: 4 });
    store.invalidate('.editorconfig');
    expect(await store.indentationFor('a.js')).toEqual({ indentSize: 8, tabSize: 8 });
    files['.editorconfig'] = '[*]\nindent_size = 3\n';
    now = EDITORCONFIG_CACHE_MS;
    expect(await store.indentationFor('a.js')).toEqual({ indentSize: 3, tabSize: 3 });
  });

  it('without the file tree, forgets the files on every save and tree change, and says so', async () => {
    const files: Record<string, string> = {};
    const { port } = fsWith(files);
    const store = newStore(port);
    let told = 0;
    store.onDidChange(() => told++);
    expect(await store.indentationFor('a.js')).toEqual({});
    files['.editorconfig'] = '[*]\nindent_style = tab\n';
    operations.fire([{ operation: { type: 'delete', id: 'x' }, clock: 2 }]);
    expect(told).toBe(1);
    expect(await store.indentationFor('a.js')).toEqual({ insertSpaces: false, indentSize: 2, tabSize: 2 });
    saves.fire({ fileId: 'x', savedHash: 'h' });
    expect(told).toBe(2);
  });

  describe('with the file tree', () => {
    /** README.md, .editorconfig, src/a.js and an empty folder lib/, with the ids used below. */
    function setUp() {
      const tree = unwrap(
        FileTree.fromJSON([
          { id: ROOT_ID, type: NodeType.Directory, name: null, parentId: null },
          { id: 'readme', type: NodeType.File, name: 'README.md', parentId: ROOT_ID },
          { id: 'config', type: NodeType.File, name: '.editorconfig', parentId: ROOT_ID },
          { id: 'src', type: NodeType.Directory, name: 'src', parentId: ROOT_ID },
          { id: 'a', type: NodeType.File, name: 'a.js', parentId: 'src' },
          { id: 'lib', type: NodeType.Directory, name: 'lib', parentId: ROOT_ID },
        ]),
      );
      const { port, reads } = fsWith({ '.editorconfig': '[*]\nindent_size = 4\n' });
      const store = new EditorConfigStore(port, { onDidReceiveOperations: operations.event }, { onDidSave: saves.event }, { tree });
      let told = 0;
      store.onDidChange(() => told++);
      /** Reads the indentation of src/a.js; how many times the root's .editorconfig was read so far, and changes told. */
      const lookUp = async () => {
        expect(await store.indentationFor('src/a.js')).toEqual({ indentSize: 4, tabSize: 4 });
        return { reads: reads.filter((r) => r === '.editorconfig').length, told };
      };
      return { tree, lookUp };
    }
    let clock = 1;
    const receive = (operation: FsOperation) => operations.fire([{ operation, clock: ++clock }]);

    it('keeps the cache on saves and tree changes of other files', async () => {
      const { lookUp } = setUp();
      expect(await lookUp()).toEqual({ reads: 1, told: 0 });
      saves.fire({ fileId: 'a', savedHash: 'h' });
      saves.fire({ fileId: 'readme', savedHash: 'h' });
      receive({ type: 'create', parentId: 'src', newEntry: { id: 'b', type: NodeType.File, name: 'b.js' } });
      receive({ type: 'move', id: 'readme', name: 'READ.md' });
      receive({ type: 'move', id: 'a', parentId: 'lib' });
      receive({ type: 'delete', id: 'readme' });
      operations.fire([]);
      expect(await lookUp()).toEqual({ reads: 1, told: 0 });
    });

    it.each<[string, FsOperation | { save: string }]>([
      ['a save of an .editorconfig', { save: 'config' }],
      ['a new .editorconfig', { type: 'create', parentId: 'src', newEntry: { id: 'c2', type: NodeType.File, name: '.editorconfig' } }],
      ['a file renamed to .editorconfig', { type: 'move', id: 'a', name: '.editorconfig' }],
      ['an .editorconfig moved to another folder', { type: 'move', id: 'config', parentId: 'lib' }],
      ['an .editorconfig deleted', { type: 'delete', id: 'config' }],
      ['a new folder', { type: 'create', parentId: ROOT_ID, newEntry: { id: 'd2', type: NodeType.Directory, name: 'pkg' } }],
      ['a folder moved', { type: 'move', id: 'lib', parentId: 'src' }],
      ['a folder deleted', { type: 'delete', id: 'src' }],
      ['a node the tree does not know deleted', { type: 'delete', id: 'gone' }],
    ])('forgets the files and says so on %s', async (_, change) => {
      const { lookUp } = setUp();
      expect(await lookUp()).toEqual({ reads: 1, told: 0 });
      if ('save' in change) saves.fire({ fileId: change.save, savedHash: 'h' });
      else receive(change);
      expect(await lookUp()).toEqual({ reads: 2, told: 1 });
    });

    it('forgets a cached .editorconfig renamed away even when the tree shows the new name already', async () => {
      const { tree, lookUp } = setUp();
      expect(await lookUp()).toEqual({ reads: 1, told: 0 });
      const rename: FsOperation = { type: 'move', id: 'config', name: 'old.editorconfig' };
      unwrap(tree.apply(rename));
      receive(rename);
      expect(await lookUp()).toEqual({ reads: 2, told: 1 });
    });
  });

  it('gives nothing when no .editorconfig exists', async () => {
    const { port } = fsWith({});
    expect(await newStore(port).indentationFor('src/a.ts')).toEqual({});
  });
});
