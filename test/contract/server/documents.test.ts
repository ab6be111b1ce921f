import { encode } from '@msgpack/msgpack';
import { readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { useTestServer } from '../support/server-harness';
import { WireSession, eventually } from '../support/wire-session';

jest.setTimeout(120_000);

/**
 * Collaborative documents over a real websocket against the real server: the 5,000,000-character limit for documents
 * grown by operations, text that cannot be stored unchanged, ot.js no-op elements, and exactly-once delivery of a
 * re-sent operation across a reconnect.
 */
describe('documents over the wire', () => {
  const context = useTestServer();


  /** A new file on disk, waited for until the tree has it; returns its id. */
  async function newFile(s: WireSession, name: string, content: string): Promise<string> {
    writeFileSync(path.join(context.filesDir, name), content);
    return (await eventually(() => s.idOf(name), `${name} in the tree`)) as string;
  }

  it('refuses an operation that would take a document past 5,000,000 characters, with the limit text', async () => {
    const s = await WireSession.open(context.server);
    const id = await newFile(s, 'big.txt', 'x'.repeat(4_999_990));
    const opened = await s.ask('file/open', { id });
    expect(opened.status).toBe(0);
    const tooMuch = await s.ask('file/documentOperation', { id, operation: [4_999_990, 'y'.repeat(11)], revision: 0 });
    expect(tooMuch).toMatchObject({
      status: 1,
      error: { code: PitcherErrorCode.FILE_TOO_LARGE, message: 'File is too large to display (5000001 characters), limit is 5000000 characters' },
    });
    const fits = await s.ask('file/documentOperation', { id, operation: [4_999_990, 'y'.repeat(10)], revision: 0 });
    expect(fits).toMatchObject({ status: 0, result: { revision: 1 } });
    const reopened = await s.ask('file/open', { id });
    expect(reopened.result.content.length).toBe(5_000_000);
    await s.close();
  });

  it("refuses to open a deleted file by its path with spec 002 §5's 'This file does not exist anymore'", async () => {
    const s = await WireSession.open(context.server);
    await newFile(s, 'going.txt', 'soon gone');
    expect(await s.ask('file/openByPath', { path: 'going.txt' })).toMatchObject({ status: 0, result: { content: 'soon gone' } });
    rmSync(path.join(context.filesDir, 'going.txt'));
    await eventually(async () => (await s.idOf('going.txt')) === undefined, 'going.txt gone from the tree');
    const gone = await s.ask('file/openByPath', { path: 'going.txt' });
    expect(gone).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PATH, message: 'This file does not exist anymore' } });
    expect(await s.ask('file/openByPath', { path: '/never/was.txt' })).toMatchObject({ status: 1, error: { message: 'This file does not exist anymore' } });
    await s.close();
  });

  it('refuses text it could not store unchanged and keeps the document and the connection', async () => {
    const s = await WireSession.open(context.server);
    const id = await newFile(s, 'emoji.txt', 'a😀b');
    await s.ask('file/open', { id });
    const nul = await s.ask('file/documentOperation', { id, operation: [4, 'x\u0000'], revision: 0 });
    expect(nul).toMatchObject({
      status: 1,
      error: { code: PitcherErrorCode.INVALID_TEXT, message: 'Text documents cannot contain a NUL character (at offset 5); it would not be stored unchanged' },
    });
    const split = await s.ask('file/documentOperation', { id, operation: [2, 'x', 2], revision: 0 });
    expect(split).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_TEXT, message: expect.stringContaining('surrogate pair') } });
    // A lone surrogate cannot even be decoded: msgpack carries it as bytes that are not UTF-8.
    const request = encode({ method: 'file/documentOperation', params: { id, operation: [4, 'x'], revision: 0 }, id: 99 });
    const at = request.lastIndexOf(0x78); // the 'x' of the insert, a fixstr of length 1 just before it
    const bytes = new Uint8Array([...request.slice(0, at - 1), 0xa3, 0xed, 0xa0, 0x80, ...request.slice(at + 1)]);
    // Its id can still be read from the frame, so the refusal answers that request (not id null).
    s.wire.send(bytes);
    expect(await s.answer(99)).toMatchObject({
      id: 99,
      method: 'file/documentOperation',
      status: 1,
      error: { code: PitcherErrorCode.MALFORMED_MESSAGE, message: expect.stringContaining('not valid UTF-8') },
    });
    const after = await s.ask('file/open', { id });
    expect(after.result).toMatchObject({ content: 'a😀b', document: { revision: 0 } });
    await s.close();
  });

  it("accepts ot.js's no-op elements (an empty insert, a zero retain)", async () => {
    const s = await WireSession.open(context.server);
    const id = await newFile(s, 'noop.txt', 'hello');
    await s.ask('file/open', { id });
    expect(await s.ask('file/documentOperation', { id, operation: [0, 'H', '', -1, 4, 0], revision: 0 })).toMatchObject({ status: 0 });
    expect((await s.ask('file/open', { id })).result.content).toBe('Hello');
    await s.close();
  });

  it('applies an operation re-sent after a lost answer exactly once, answering with its original revision', async () => {
    const a = await WireSession.open(context.server);
    const b = await WireSession.open(context.server);
    const id = await newFile(a, 'once.txt', 'abc');
    await a.ask('file/open', { id });
    await b.ask('file/open', { id });
    // A's operation is applied, but A never reads the answer: its connection goes away.
    a.send('file/documentOperation', { id, operation: ['X', 3], revision: 0, seq: 41 });
    await b.notification('file/documentOperation', (p) => p.id === id && p.revision === 1);
    const reconnectToken = a.joinResult.reconnectToken;
    const clientId = a.clientId;
    await a.close();
    // B edits meanwhile.
    expect(await b.ask('file/documentOperation', { id, operation: [4, 'Z'], revision: 1 })).toMatchObject({ status: 0, result: { revision: 2 } });
    // A comes back as the same client and sends the same operation again, before re-opening the file.
    const again = await WireSession.open(context.server, { reconnectToken });
    expect(again.clientId).toBe(clientId);
    expect(await again.ask('file/documentOperation', { id, operation: ['X', 3], revision: 0, seq: 41 })).toMatchObject({ status: 0, result: { id, revision: 1 } });
    // An operation it never sent is not silently taken while the file is not open.
    expect(await again.ask('file/documentOperation', { id, operation: ['Y', 5], revision: 2, seq: 42 })).toMatchObject({ status: 1, error: { code: PitcherErrorCode.FILE_NOT_OPEN } });
    expect((await again.ask('file/open', { id, isResync: true })).result).toMatchObject({ content: 'XabcZ', document: { revision: 2 } });
    await again.close();
    await b.close();
  });

  it('releases the journal file handle when the last client closes the document', async () => {
    const journalHandles = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).includes(`${path.sep}journal${path.sep}`);
        } catch {
          return false;
        }
      }).length;
    const s = await WireSession.open(context.server);
    const id = await newFile(s, 'handles.txt', 'x');
    const before = journalHandles();
    await s.ask('file/open', { id });
    expect(await s.ask('file/documentOperation', { id, operation: [1, 'y'], revision: 0 })).toMatchObject({ status: 0 });
    expect(journalHandles()).toBe(before + 1);
    expect(await s.ask('file/close', { id })).toMatchObject({ status: 0 });
    expect(journalHandles()).toBe(before);
    await s.close();
  });
});
