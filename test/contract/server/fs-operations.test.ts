import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { useTestServer } from '../support/server-harness';
import { WireSession, eventually, useWireSessions } from '../support/wire-session';

jest.setTimeout(60_000);

/**
 * fs/operation (protocol.md §5) over the real server: a client's create / delete / move is validated with the spec's
 * texts, carried out on disk, applied to the tree with the client's ids, and announced to the other clients with the
 * clock (never echoed to the sender). fs/upload writes a file into a tree directory.
 */
describe('fs/operation', () => {
  const context = useTestServer();
  let a: WireSession;
  let b: WireSession;
  let seq = 0;
  const newId = (label: string) => `${label}-${Date.now().toString(36)}-${seq++}`;

  useWireSessions(context, 2, (opened) => ([a, b] = opened));

  const disk = (relative: string) => path.join(context.filesDir, relative);
  const operate = (s: WireSession, operation: unknown) => s.ask('fs/operation', { operation });
  const create = (s: WireSession, parentId: string, name: string | null, type: 0 | 1, id = newId('node')) =>
    operate(s, { type: 'create', parentId, newEntry: { id, type, name } });
  /** Every operation (with its clock) a session was told of since `from`. */
  const announced = (s: WireSession, from = 0) =>
    s.wire.received.slice(from).flatMap((f) => (f.value.method === 'fs/operations' ? f.value.params.operations : []));
  /** Waits until the watcher has reported a change made after this call (so it also saw everything before). */
  async function watcherCaughtUp(): Promise<void> {
    const marker = newId('sentinel');
    writeFileSync(disk(`${marker}.txt`), '');
    await eventually(() => a.idOf(`${marker}.txt`), 'the watcher to report the sentinel');
  }

  it('creates a file and a directory on disk with the client ids, tells the other client with increasing clocks, and not the sender', async () => {
    const fromA = a.wire.received.length;
    const fromB = b.wire.received.length;
    const dirId = newId('dir');
    const fileId = newId('file');
    const dir = await create(a, '0', 'made', 1, dirId);
    expect(dir).toMatchObject({ status: 0, result: { code: 0, clock: expect.any(Number) } });
    const file = await create(a, dirId, 'note.txt', 0, fileId);
    expect(file).toMatchObject({ status: 0, result: { code: 0 } });
    expect(file.result.clock).toBeGreaterThan(dir.result.clock);
    expect(statSync(disk('made')).isDirectory()).toBe(true);
    expect(readFileSync(disk('made/note.txt'), 'utf8')).toBe('');

    await eventually(() => announced(b, fromB).length >= 2, 'the operations at b');
    expect(announced(b, fromB).slice(0, 2)).toEqual([
      { operation: { type: 'create', parentId: '0', newEntry: { id: dirId, type: 1, name: 'made' } }, clock: dir.result.clock },
      { operation: { type: 'create', parentId: dirId, newEntry: { id: fileId, type: 0, name: 'note.txt' } }, clock: file.result.clock },
    ]);

    // The watcher reports the same paths later: no duplicate node, no new id, nothing echoed to the sender.
    await watcherCaughtUp();
    const nodes = await a.tree();
    expect(nodes.filter((n) => n.name === 'made')).toEqual([{ id: dirId, type: 1, name: 'made', parentId: '0' }]);
    expect(nodes.filter((n) => n.name === 'note.txt')).toEqual([{ id: fileId, type: 0, name: 'note.txt', parentId: dirId }]);
    const toA = announced(a, fromA).map((o: any) => o.operation);
    expect(toA.some((o: any) => o.type === 'create' && (o.newEntry.id === dirId || o.newEntry.id === fileId || o.newEntry.name === 'made'))).toBe(false);
  });

  it('renames and moves a node keeping its id; an open document follows it and saves to the new place', async () => {
    const dirId = (await a.idOf('made')) as string;
    const fileId = newId('file');
    expect((await create(a, '0', 'draft.md', 0, fileId)).status).toBe(0);
    const opened = await a.ask('file/open', { id: fileId });
    expect(opened.status).toBe(0);
    const edit = await a.ask('file/documentOperation', { id: fileId, operation: ['# Title\n'], revision: opened.result.document.revision });
    expect(edit.status).toBe(0);

    const fromB = b.wire.received.length;
    const renamed = await operate(b, { type: 'move', id: fileId, name: 'final.md' });
    expect(renamed).toMatchObject({ status: 0, result: { code: 0 } });
    const moved = await operate(b, { type: 'move', id: fileId, parentId: dirId });
    expect(moved).toMatchObject({ status: 0, result: { code: 0 } });
    expect(moved.result.clock).toBeGreaterThan(renamed.result.clock);
    expect(existsSync(disk('draft.md'))).toBe(false);
    expect(existsSync(disk('made/final.md'))).toBe(true);

    await watcherCaughtUp();
    expect(await a.idOf('made/final.md')).toBe(fileId);
    expect((await a.tree()).filter((n) => n.name === 'final.md' || n.name === 'draft.md')).toHaveLength(1);
    expect(announced(b, fromB).some((o: any) => o.operation.id === fileId)).toBe(false); // b was the sender

    expect(await a.ask('file/save', { id: fileId, write: true })).toMatchObject({ status: 0 });
    expect(readFileSync(disk('made/final.md'), 'utf8')).toBe('# Title\n');
    expect(existsSync(disk('draft.md'))).toBe(false);
    await a.ask('file/close', { id: fileId });
  });

  it('deletes recursively on disk and in the tree; deleting an open file breaks nothing', async () => {
    const dirId = newId('dir');
    const fileId = newId('file');
    await create(a, '0', 'doomed', 1, dirId);
    await create(a, dirId, 'open.txt', 0, fileId);
    writeFileSync(disk('doomed/open.txt'), 'still here');
    await eventually(async () => (await a.ask('file/open', { id: fileId })).result?.content === 'still here', 'the open file');

    const fromA = a.wire.received.length;
    const deleted = await operate(b, { type: 'delete', id: dirId });
    expect(deleted).toMatchObject({ status: 0, result: { code: 0 } });
    expect(existsSync(disk('doomed'))).toBe(false);
    const seen = await a.notification('fs/operations', (p) => p.operations.some((o: any) => o.operation.type === 'delete' && o.operation.id === dirId), fromA);
    expect(seen.operations[0].clock).toBe(deleted.result.clock);

    // The client that had it open: saving fails cleanly, saying why (its folder is gone: nothing is written back), the
    // server answers on.
    const save = await a.ask('file/save', { id: fileId, write: true });
    expect(save).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PATH, data: { code: 'ENOENT' } } });
    expect(save.error.message).toMatch(/^doomed\/open\.txt is no longer in the workspace \(deleted or moved on disk\) and cannot be written there again: ENOENT/);
    expect(existsSync(disk('doomed'))).toBe(false);
    expect(await a.ask('file/close', { id: fileId })).toMatchObject({ status: 0 });
    expect(await a.idOf('doomed/open.txt')).toBeUndefined();
    expect((await a.ask('fs/read', null)).status).toBe(0);
  });

  it('ignores operations that would change nothing with code 1', async () => {
    const id = newId('file');
    expect((await create(a, '0', 'twice.txt', 0, id)).result.code).toBe(0);
    expect(await create(a, '0', 'twice.txt', 0, id)).toMatchObject({ status: 0, result: { code: 1 } });
    expect(await operate(a, { type: 'move', id, parentId: '0', name: 'twice.txt' })).toMatchObject({ status: 0, result: { code: 1 } });
    expect((await operate(a, { type: 'delete', id })).result.code).toBe(0);
    expect(await operate(a, { type: 'delete', id })).toMatchObject({ status: 0, result: { code: 1 } });
  });

  describe('refuses with the texts of spec 002 §5', () => {
    let fileId: string;
    let dirId: string;
    beforeAll(async () => {
      fileId = newId('file');
      dirId = newId('dir');
      await create(a, '0', 'plain.txt', 0, fileId);
      await create(a, '0', 'box', 1, dirId);
      await create(a, dirId, 'inner', 1);
    });

    const refused = async (operation: unknown, code: PitcherErrorCode, message: string) => {
      const from = b.wire.received.length;
      expect(await operate(a, operation)).toMatchObject({ status: 1, error: { code, message } });
      return from;
    };

    it.each([
      ['an empty file name', { type: 'create', parentId: '0', newEntry: { id: 'x1', type: 0, name: '' } }, PitcherErrorCode.INVALID_PATH, 'File name is undefined'],
      ['a missing directory name', { type: 'create', parentId: '0', newEntry: { id: 'x2', type: 1, name: null } }, PitcherErrorCode.INVALID_PATH, 'Directory name is undefined'],
      ['an unknown parent', { type: 'create', parentId: 'no-such-parent', newEntry: { id: 'x3', type: 0, name: 'a.txt' } }, PitcherErrorCode.INVALID_ID, 'Parent directory not found'],
      ['a name with a slash', { type: 'create', parentId: '0', newEntry: { id: 'x4', type: 0, name: 'a/b' } }, PitcherErrorCode.INVALID_PATH, 'Invalid name "a/b": a name cannot contain "/" or a NUL character, or be "." or ".."'],
      ['deleting the root', { type: 'delete', id: '0' }, PitcherErrorCode.INVALID_PATH, 'Cannot delete root directory'],
      ['moving the root', { type: 'move', id: '0', parentId: 'elsewhere' }, PitcherErrorCode.INVALID_PATH, 'Root directory cannot be moved'],
      ['renaming the root', { type: 'move', id: '0', name: 'renamed' }, PitcherErrorCode.INVALID_PATH, 'Root directory cannot be renamed'],
      ['moving an unknown node', { type: 'move', id: 'ghost', name: 'x' }, PitcherErrorCode.INVALID_ID, 'Failed to retrieve a path for the file (id: ghost): file not found.'],
    ])('refuses %s', async (_label, operation, code, message) => {
      await refused(operation, code, message);
    });

    it('refuses a parent that is a file, an existing name, a move into itself and a renamed file with an empty name', async () => {
      await refused({ type: 'create', parentId: fileId, newEntry: { id: newId('x'), type: 0, name: 'a.txt' } }, PitcherErrorCode.INVALID_PATH, '/plain.txt is not a directory');
      await refused({ type: 'create', parentId: '0', newEntry: { id: newId('x'), type: 0, name: 'plain.txt' } }, PitcherErrorCode.INVALID_PATH, '/plain.txt already exists');
      const innerId = (await a.idOf('box/inner')) as string;
      await refused({ type: 'move', id: dirId, parentId: innerId }, PitcherErrorCode.INVALID_PATH, 'Cannot move /box into itself or one of its subdirectories (/box/inner)');
      await refused({ type: 'move', id: fileId, name: '' }, PitcherErrorCode.INVALID_PATH, 'File name is undefined');
      await refused({ type: 'move', id: fileId, parentId: '0', name: 'box' }, PitcherErrorCode.INVALID_PATH, '/box already exists');
    });

    it('changes nothing on disk, in the tree or at the other client for a refused operation', async () => {
      const before = JSON.stringify(await a.tree());
      const from = b.wire.received.length;
      await refused({ type: 'move', id: fileId, parentId: '0', name: 'box' }, PitcherErrorCode.INVALID_PATH, '/box already exists');
      await refused({ type: 'delete', id: '0' }, PitcherErrorCode.INVALID_PATH, 'Cannot delete root directory');
      expect(JSON.stringify(await a.tree())).toBe(before);
      expect(existsSync(disk('plain.txt'))).toBe(true);
      expect(announced(b, from)).toEqual([]);
    });

    it('refuses malformed operations as invalid params', async () => {
      expect(await operate(a, { type: 'explode', id: '1' })).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PARAMS } });
      expect(await operate(a, { type: 'create', parentId: '0', newEntry: { id: 'y', type: 7, name: 'a' } })).toMatchObject({
        status: 1,
        error: { code: PitcherErrorCode.INVALID_PARAMS },
      });
      expect(await a.ask('fs/operation', null)).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PARAMS } });
    });
  });

  it('reports a conflict on disk as a raw error and leaves the tree as the disk is', async () => {
    // A file the watcher has not reported yet: the create meets it on disk.
    writeFileSync(disk('race.txt'), 'made by a program');
    const made = await create(a, '0', 'race.txt', 0);
    // Either the create meets the file on disk (a raw EEXIST), or the watcher was first and the tree refuses it.
    expect(made.status).toBe(1);
    expect([
      { code: PitcherErrorCode.RAWFS_ERROR, message: 'File already exists', errno: -17 },
      { code: PitcherErrorCode.INVALID_PATH, message: '/race.txt already exists', errno: undefined },
    ]).toContainEqual({ code: made.error.code, message: made.error.message, errno: made.error.data?.errno });
    await watcherCaughtUp();
    expect((await a.tree()).filter((n) => n.name === 'race.txt')).toHaveLength(1);
    expect(readFileSync(disk('race.txt'), 'utf8')).toBe('made by a program');
  });
});

describe('fs/upload', () => {
  const context = useTestServer();
  let a: WireSession;
  let b: WireSession;
  useWireSessions(context, 2, (opened) => ([a, b] = opened));

  it('creates the file on disk in the directory, returns its new id and tells every client', async () => {
    const created = await a.ask('fs/operation', { operation: { type: 'create', parentId: '0', newEntry: { id: 'uploads-dir', type: 1, name: 'uploads' } } });
    expect(created.result.code).toBe(0);
    const fromA = a.wire.received.length;
    const fromB = b.wire.received.length;
    const content = new Uint8Array([0, 1, 2, 250, 255]);
    const uploaded = await a.ask('fs/upload', { parentId: 'uploads-dir', filename: 'blob.bin', content });
    expect(uploaded).toMatchObject({ status: 0, result: { fileId: expect.any(String) } });
    const { fileId } = uploaded.result;
    expect(new Uint8Array(readFileSync(path.join(context.filesDir, 'uploads/blob.bin')))).toEqual(content);
    const isCreate = (p: any) => p.operations.some((o: any) => o.operation.type === 'create' && o.operation.newEntry.id === fileId);
    await a.notification('fs/operations', isCreate, fromA);
    await b.notification('fs/operations', isCreate, fromB);
    expect(await b.idOf('uploads/blob.bin')).toBe(fileId);
  });

  it('replaces an existing file keeping its id, and an open document takes the new content', async () => {
    const first = await a.ask('fs/upload', { parentId: '0', filename: 'notes.txt', content: new TextEncoder().encode('v1\n') });
    const { fileId } = first.result;
    const opened = await b.ask('file/open', { id: fileId });
    expect(opened.result.content).toBe('v1\n');
    const from = b.wire.received.length;
    const second = await a.ask('fs/upload', { parentId: '0', filename: 'notes.txt', content: new TextEncoder().encode('v2\n') });
    expect(second).toMatchObject({ status: 0, result: { fileId } });
    await b.notification('file/documentOperation', (p) => p.id === fileId, from);
    expect((await b.ask('file/open', { id: fileId })).result.content).toBe('v2\n');
    expect(readFileSync(path.join(context.filesDir, 'notes.txt'), 'utf8')).toBe('v2\n');
  });

  it('refuses bad names and parents with the spec texts', async () => {
    const content = new Uint8Array([1]);
    expect(await a.ask('fs/upload', { parentId: '0', filename: '', content })).toMatchObject({ status: 1, error: { message: 'File name is undefined' } });
    expect(await a.ask('fs/upload', { parentId: 'nope', filename: 'x', content })).toMatchObject({
      status: 1,
      error: { code: PitcherErrorCode.INVALID_ID, message: 'Parent directory not found' },
    });
    const fileId = (await a.idOf('notes.txt')) as string;
    expect(await a.ask('fs/upload', { parentId: fileId, filename: 'x', content })).toMatchObject({ status: 1, error: { message: '/notes.txt is not a directory' } });
    expect(await a.ask('fs/upload', { parentId: '0', filename: 'uploads', content })).toMatchObject({ status: 1, error: { message: '/uploads already exists' } });
    expect(await a.ask('fs/upload', { parentId: '0', filename: 'x', content: 'not bytes' })).toMatchObject({
      status: 1,
      error: { code: PitcherErrorCode.INVALID_PARAMS },
    });
  });
});
