import 'reflect-metadata';
import { RawFsPort } from '../../../../src/application/ports/raw-fs.port';
import { Emitter } from '../../../../src/base/event';
import { EDITORCONFIG_CACHE_MS, EditorConfigStore } from '../../../../src/application/settings/editorconfig.store';

const operations = new Emitter<Array<{ operation: never; clock: number }>>();
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

  it('forgets the files when the tree changes or a file is saved, and says so', async () => {
    const files: Record<string, string> = {};
    const { port } = fsWith(files);
    const store = newStore(port);
    let told = 0;
    store.onDidChange(() => told++);
    expect(await store.indentationFor('a.js')).toEqual({});
    files['.editorconfig'] = '[*]\nindent_style = tab\n';
    operations.fire([]);
    expect(told).toBe(1);
    expect(await store.indentationFor('a.js')).toEqual({ insertSpaces: false, indentSize: 2, tabSize: 2 });
    saves.fire({ fileId: 'x', savedHash: 'h' });
    expect(told).toBe(2);
  });

  it('gives nothing when no .editorconfig exists', async () => {
    const { port } = fsWith({});
    expect(await newStore(port).indentationFor('src/a.ts')).toEqual({});
  });
});
