import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { murmurHash } from '../../../src/domain/hash/murmur';
import { useTestServer } from '../support/server-harness';
import { WireSession, eventually, useWireSessions } from '../support/wire-session';

jest.setTimeout(120_000);

/**
 * The tree and open documents follow the disk: changes made by a terminal or any program reach every client as
 * tree operations and FS document operations, without any client asking; node_modules is listed on demand.
 */
describe('the tree and open files follow the disk', () => {
  const context = useTestServer();
  let a: WireSession;
  let b: WireSession;
  useWireSessions(context, 2, (opened) => ([a, b] = opened));

  const inTerminal = (command: string) => a.inTerminal(command);


  /** Every fs/operations notification a session received since `from`, flattened. */
  const operationsSince = (s: WireSession, from: number) =>
    s.wire.received.slice(from).flatMap((f) => (f.value.method === 'fs/operations' ? f.value.params.operations : []));

  it('announces files and directories a terminal creates to every client, nested ones too', async () => {
    const fromB = b.wire.received.length;
    await inTerminal('mkdir -p made/by/shell && echo hi > made/by/shell/note.txt');
    const id = await eventually(() => b.idOf('made/by/shell/note.txt'), 'the nested file in the tree');
    // fs/read may answer while the watcher's batch is still being applied: its operations follow in one notification.
    const createdNames = () => operationsSince(b, fromB).filter((o: any) => o.operation.type === 'create').map((o: any) => o.operation.newEntry.name);
    await eventually(() => (createdNames().includes('note.txt') ? true : undefined), 'the create operations');
    expect(createdNames()).toEqual(expect.arrayContaining(['made', 'by', 'shell', 'note.txt']));
    const clocks = operationsSince(b, fromB).map((o: any) => o.clock);
    expect(clocks).toEqual([...clocks].sort((x, y) => x - y));
    expect((await b.ask('file/open', { id })).result.content).toBe('hi\n');
    await b.ask('file/close', { id });
  });

  it('announces a deletion made on disk', async () => {
    writeFileSync(path.join(context.filesDir, 'doomed.txt'), 'x');
    const id = await eventually(() => a.idOf('doomed.txt'), 'doomed.txt');
    const from = b.wire.received.length;
    await inTerminal('rm doomed.txt');
    await eventually(() => operationsSince(b, from).some((o: any) => o.operation.type === 'delete' && o.operation.id === id), 'the delete');
    expect(await a.idOf('doomed.txt')).toBeUndefined();
  });

  it('turns a change on disk of an open file into an FS operation and a new saved hash for every participant', async () => {
    writeFileSync(path.join(context.filesDir, 'shared.md'), 'one\ntwo\nthree\n');
    const id = (await eventually(() => a.idOf('shared.md'), 'shared.md')) as string;
    await a.ask('file/open', { id });
    await b.ask('file/open', { id });
    const from = b.wire.received.length;
    writeFileSync(path.join(context.filesDir, 'shared.md'), 'one\nTWO\nthree\n');
    const op = await b.notification('file/documentOperation', (p) => p.id === id, from);
    expect(op.reason).toBe(1); // FS
    const saved = await b.notification('file/save', (p) => p.id === id, from);
    expect(saved.savedHash).toBe(murmurHash('one\nTWO\nthree\n'));
    const reopened = await a.ask('file/open', { id });
    expect(reopened.result).toMatchObject({ content: 'one\nTWO\nthree\n', savedHash: murmurHash('one\nTWO\nthree\n') });
  });

  it('merges a change on disk with unsaved edits, and a later save keeps both', async () => {
    writeFileSync(path.join(context.filesDir, 'merge.md'), 'alpha\nbeta\ngamma\n');
    const id = (await eventually(() => a.idOf('merge.md'), 'merge.md')) as string;
    const opened = await a.ask('file/open', { id });
    // An unsaved edit on the first line...
    const edit = await a.ask('file/documentOperation', { id, operation: ['// ', opened.result.content.length], revision: opened.result.document.revision });
    expect(edit.status).toBe(0);
    const from = a.wire.received.length;
    // ...while a formatter in the terminal rewrites the last line.
    await inTerminal("sed -i 's/gamma/GAMMA/' merge.md");
    await a.notification('file/documentOperation', (p) => p.id === id && p.reason === 1, from);
    expect((await a.ask('file/open', { id })).result.content).toBe('// alpha\nbeta\nGAMMA\n');
    expect(await a.ask('file/save', { id, write: true })).toMatchObject({ status: 0 });
    expect(readFileSync(path.join(context.filesDir, 'merge.md'), 'utf8')).toBe('// alpha\nbeta\nGAMMA\n');
  });

  it('keeps node_modules out of the tree but lists it on demand', async () => {
    mkdirSync(path.join(context.filesDir, 'node_modules', 'left-pad'), { recursive: true });
    writeFileSync(path.join(context.filesDir, 'node_modules', 'left-pad', 'index.js'), 'module.exports = 1;\n');
    const nm = await eventually(() => a.idOf('node_modules'), 'node_modules in the tree');
    expect(nm).toBeDefined();
    expect(await a.idOf('node_modules/left-pad')).toBeUndefined();
    const listed = await a.ask('fs/readdir', { path: 'node_modules/left-pad' });
    expect(listed).toMatchObject({ status: 0, result: { entries: [{ name: 'index.js', type: 0, isSymlink: false }] } });
    const missing = await a.ask('fs/readdir', { path: 'node_modules/nope' });
    expect(missing).toMatchObject({ status: 1, error: { code: PitcherErrorCode.RAWFS_ERROR, data: { errno: -2 } } });
  });

  it('refuses a symlink a terminal made to a file outside the workspace', async () => {
    await inTerminal('ln -s /etc/passwd leak');
    const id = await eventually(() => a.idOf('leak'), 'the symlink in the tree');
    const opened = await a.ask('file/open', { id });
    expect(opened).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PATH, data: { errno: -13 } } });
    expect(JSON.stringify(opened)).not.toContain('root:x:0');
  });
});
