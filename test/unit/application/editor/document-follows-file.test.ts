import 'reflect-metadata';
import { Container } from 'inversify';
import { configure } from 'mobx';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { FileTreeStore } from '../../../../src/application/files/file-tree.store';
import { DocumentsPort, OpenedDocument } from '../../../../src/application/ports/documents.port';
import { FileTreeOperationResult } from '../../../../src/application/ports/file-tree.port';
import { unwrap } from '../../../../src/base/result';
import { FsOperation, NodeType } from '../../../../src/domain/fs/file-tree.types';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { FakeWorkspace, bindEditor } from '../../ui/support/editor-fakes';

configure({ enforceActions: 'never' });

const FILES = { 'README.md': '# hi\n', 'notes.txt': 'abc', 'src/a.ts': 'a', 'src/b.ts': 'b' };

interface Sent {
  readonly fileId: string;
  readonly revision: number;
  readonly operation: unknown;
  /** The server applies it as the next revision. */
  readonly answer: () => void;
}

/** A workspace whose documents record the operations sent to them; the test answers them. */
function recordingWorkspace(): FakeWorkspace & { sent: Sent[] } {
  const workspace = Object.assign(new FakeWorkspace(FILES), { sent: [] as Sent[] });
  (workspace as DocumentsPort).sendOperation = (fileId, revision, operation) =>
    new Promise((resolve) => workspace.sent.push({ fileId, revision, operation: operation.toJSON(), answer: () => resolve({ revision: revision + 1 }) }));
  return workspace;
}

async function setUp() {
  const c = new Container();
  const workspace = recordingWorkspace();
  const errors = await bindEditor(c, workspace);
  const editor = c.get(EditorStore);
  const files = c.get(FileTreeStore);
  const id = (path: string) => files.fileAt(path)!.id;
  await editor.openInitialFile();
  return { editor, files, workspace, errors, id };
}

/** Operations of another client (or of the disk), in the server's clock order after the snapshot's clock 1. */
let clock = 1;
const remote = (files: FileTreeStore, ...operations: FsOperation[]) => files.receive(operations.map((operation) => ({ operation, clock: ++clock })));
beforeEach(() => (clock = 1));

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const op = (json: Array<number | string>) => unwrap(TextOperation.fromJSON(json));

describe('An open document follows its file', () => {
  it('goes by the new path after another client renames the file, and names it so in its errors', async () => {
    const { editor, files, workspace, errors, id } = await setUp();
    const notes = id('notes.txt');
    await editor.open(notes);
    remote(files, { type: 'move', id: notes, name: 'notes.ts' });
    expect(editor.session(notes)?.path).toBe('notes.ts');
    expect(editor.active?.path).toBe('notes.ts');
    workspace.save = async () => {
      throw new Error('disk full');
    };
    editor.session(notes)!.applyLocal(op([3, '!']));
    workspace.sent[0].answer();
    await editor.save(notes);
    expect(errors).toEqual(['Could not save notes.ts: disk full']);
  });

  it('follows a rename or move of a folder above it', async () => {
    const { editor, files, id } = await setUp();
    const a = id('src/a.ts');
    await editor.open(a);
    const src = files.tree.findByPath('src')!.id;
    remote(files, { type: 'move', id: src, name: 'lib' });
    expect(editor.session(a)?.path).toBe('lib/a.ts');
    remote(files, { type: 'create', parentId: src, newEntry: { id: 'inner', type: NodeType.Directory, name: 'inner' } });
    remote(files, { type: 'move', id: a, parentId: 'inner' });
    expect(files.pathOf(a)).toBe('lib/inner/a.ts');
    expect(editor.session(a)?.path).toBe('lib/inner/a.ts');
  });

  it("follows a rename in this client's explorer at once, and goes back to the old path when the server refuses it", async () => {
    const { editor, files, workspace, id } = await setUp();
    const notes = id('notes.txt');
    await editor.open(notes);
    let answer: (result: FileTreeOperationResult) => void = () => undefined;
    workspace.operation = () => new Promise<FileTreeOperationResult>((resolve) => (answer = resolve));
    const renaming = files.perform({ type: 'move', id: notes, name: 'notes.ts' });
    expect(editor.session(notes)?.path).toBe('notes.ts');
    answer({ code: 1 });
    await renaming;
    expect(editor.session(notes)?.path).toBe('notes.txt');
  });

  it('keeps its last path when the file is deleted', async () => {
    const { editor, files, id } = await setUp();
    const notes = id('notes.txt');
    await editor.open(notes);
    remote(files, { type: 'move', id: notes, name: 'kept.txt' });
    remote(files, { type: 'delete', id: notes });
    expect(editor.session(notes)?.path).toBe('kept.txt');
  });

  it('is marked deleted when the tree loses the file, and no longer when the tree has it again', async () => {
    const { editor, files, id } = await setUp();
    const notes = id('notes.txt');
    await editor.open(notes);
    expect(editor.isDeleted(notes)).toBe(false);
    const node = files.tree.get(notes)!;
    remote(files, { type: 'delete', id: notes });
    expect(editor.isDeleted(notes)).toBe(true);
    remote(files, { type: 'create', parentId: node.parentId!, newEntry: { id: notes, type: node.type, name: 'notes.txt' } });
    expect(editor.isDeleted(notes)).toBe(false);
    expect(editor.session(notes)?.path).toBe('notes.txt');
  });

  it('takes the new path of a file renamed while its document was being opened', async () => {
    const { editor, files, workspace, id } = await setUp();
    const notes = id('notes.txt');
    const open = workspace.open;
    let release: () => void = () => undefined;
    workspace.open = (fileId: string) => new Promise<OpenedDocument>((resolve) => (release = () => resolve(open(fileId))));
    const opening = editor.open(notes);
    await flush();
    remote(files, { type: 'move', id: notes, name: 'notes.ts' });
    release();
    await opening;
    expect(editor.session(notes)?.path).toBe('notes.ts');
    expect(editor.tabs.find((t) => t.fileId === notes)?.path).toBe('notes.ts');
  });

  it('loses no edit across a rename: the one in flight is acknowledged, the pending one and later ones are sent', async () => {
    const { editor, files, workspace, id } = await setUp();
    const notes = id('notes.txt');
    await editor.open(notes);
    const session = editor.session(notes)!;
    session.applyLocal(op([3, '1'])); // in flight
    session.applyLocal(op([4, '2'])); // waits for the answer
    remote(files, { type: 'move', id: notes, name: 'notes.ts' });
    expect(session.path).toBe('notes.ts');
    expect(editor.session(notes)).toBe(session);
    workspace.sent[0].answer();
    await flush();
    session.applyLocal(op([5, '3']));
    workspace.sent[1].answer();
    await flush();
    workspace.sent[2]?.answer();
    await flush();
    expect(workspace.sent.map((s) => [s.fileId, s.revision, s.operation])).toEqual([
      [notes, 0, [3, '1']],
      [notes, 1, [4, '2']],
      [notes, 2, [5, '3']],
    ]);
    expect(session.content).toBe('abc123');
    expect(session.isSynchronized).toBe(true);
  });

  it('stops following once its tab is closed and its edits reached the server', async () => {
    const { editor, files, id } = await setUp();
    const notes = id('notes.txt');
    await editor.open(notes);
    const session = editor.session(notes)!;
    editor.closeTab(notes);
    await flush();
    expect(editor.session(notes)).toBeUndefined();
    remote(files, { type: 'move', id: notes, name: 'notes.ts' });
    expect(session.path).toBe('notes.txt');
  });
});
