import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { useTestServer } from '../support/server-harness';
import { WireSession, eventually, useWireSessions } from '../support/wire-session';

jest.setTimeout(120_000);

/** 5,000,100 characters: 50,001 lines of 99 letters and a newline (past the spec's 5,000,000-character limit). */
const HUGE = ('x'.repeat(99) + '\n').repeat(50_001);
const TOO_LARGE = 'File is too large to display (5000100 characters), limit is 5000000 characters';
/** Not text: a NUL byte and invalid UTF-8. */
const BINARY = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x00, 0x01]);

/**
 * A change on disk the server cannot merge into an open document (the file grew past 5,000,000 characters, became
 * binary, or the merge with unsaved edits would pass the limit) takes the document out of collaboration: its
 * participants are told, and no edit or save of the old text may write over the file on disk.
 */
describe('a change on disk that cannot be merged into an open document', () => {
  const context = useTestServer();
  let a: WireSession;
  let b: WireSession;
  useWireSessions(context, 2, (opened) => ([a, b] = opened));

  const onDisk = (name: string) => readFileSync(path.join(context.filesDir, name));

  /** A new file on disk, waited for until the tree has it; returns its id. */
  async function newFile(name: string, content: string): Promise<string> {
    writeFileSync(path.join(context.filesDir, name), content);
    return (await eventually(() => a.idOf(name), `${name} in the tree`)) as string;
  }

  /** The notification/notify a session got about `name` since `from`. */
  const toldAbout = (s: WireSession, name: string, from: number) => s.notification('notification/notify', (p) => String(p.message).startsWith(`${name} `), from);

  it('never saves the old text over a file that grew past 5,000,000 characters on disk', async () => {
    const id = await newFile('grown.txt', 'small\n');
    const opened = await a.ask('file/open', { id });
    expect(opened.status).toBe(0);
    writeFileSync(path.join(context.filesDir, 'grown.txt'), HUGE);
    // At once: the save itself looks at the disk first, whether or not the watcher reported the change yet.
    const saved = await a.ask('file/save', { id, write: true });
    expect(saved).toMatchObject({ status: 1, error: { code: PitcherErrorCode.FILE_TOO_LARGE, message: expect.stringContaining(TOO_LARGE) } });
    expect(onDisk('grown.txt').toString('utf8')).toBe(HUGE);
  });

  it('never writes an edit and a save of the old text over a file that grew past the limit', async () => {
    const id = await newFile('edited.txt', 'small\n');
    const opened = await a.ask('file/open', { id });
    const unsaved = await a.ask('file/documentOperation', { id, operation: ['// ', 6], revision: opened.result.document.revision, seq: 1 });
    expect(unsaved).toMatchObject({ status: 0, result: { revision: 1 } });
    writeFileSync(path.join(context.filesDir, 'edited.txt'), HUGE);
    // The edit may still reach the document (the watcher has not reported the change yet) or be refused: either way
    // the save after it must not write.
    await a.ask('file/documentOperation', { id, operation: ['/', 9], revision: 1, seq: 2 });
    const saved = await a.ask('file/save', { id, write: true });
    expect(saved).toMatchObject({ status: 1, error: { code: PitcherErrorCode.FILE_TOO_LARGE, message: expect.stringContaining(TOO_LARGE) } });
    expect(onDisk('edited.txt').toString('utf8')).toBe(HUGE);
    // And the same again once the watcher has surely reported it.
    await toldAbout(a, 'edited.txt', 0);
    expect(await a.ask('file/save', { id, write: true })).toMatchObject({ status: 1, error: { code: PitcherErrorCode.FILE_TOO_LARGE } });
    expect(onDisk('edited.txt').toString('utf8')).toBe(HUGE);
  });

  it('tells every participant, refuses their edits and saves, and refuses to reopen the file with the limit text', async () => {
    const id = await newFile('shared-big.txt', 'one\ntwo\n');
    const openedA = await a.ask('file/open', { id });
    await b.ask('file/open', { id });
    const edit = await a.ask('file/documentOperation', { id, operation: ['zero\n', 8], revision: openedA.result.document.revision, seq: 3 });
    expect(edit.status).toBe(0);
    const fromA = a.wire.received.length;
    const fromB = b.wire.received.length;
    writeFileSync(path.join(context.filesDir, 'shared-big.txt'), HUGE);

    const message = `shared-big.txt changed on disk and was closed for editing, so that the change on disk is kept: ${TOO_LARGE}`;
    for (const [s, from] of [[a, fromA], [b, fromB]] as const) {
      expect(await toldAbout(s, 'shared-big.txt', from)).toMatchObject({ type: 'warning', message });
    }
    // No FS operation carried the huge text (or part of it) into the document.
    const ops = b.wire.received.slice(fromB).filter((f) => f.value.method === 'file/documentOperation' && f.value.params.id === id);
    expect(ops).toEqual([]);

    const refused = { status: 1, error: { code: PitcherErrorCode.FILE_TOO_LARGE, message } };
    expect(await b.ask('file/documentOperation', { id, operation: ['!', 13], revision: 1, seq: 1 })).toMatchObject(refused);
    expect(await b.ask('file/save', { id, write: true })).toMatchObject(refused);
    expect(await a.ask('file/save', { id, write: false })).toMatchObject(refused);
    expect(await b.ask('file/open', { id, isResync: true })).toMatchObject({ status: 1, error: { code: PitcherErrorCode.FILE_TOO_LARGE, message: TOO_LARGE } });
    expect(onDisk('shared-big.txt').toString('utf8')).toBe(HUGE);

    // Small again on disk: the file opens as a new document with the disk's text (the old unsaved edit is not
    // brought back from the journal), and saving works again.
    writeFileSync(path.join(context.filesDir, 'shared-big.txt'), 'small again\n');
    const reopened = await eventually(async () => {
      const answer = await b.ask('file/open', { id, isResync: true });
      return answer.status === 0 ? answer : undefined;
    }, 'the file opening again');
    expect(reopened.result).toMatchObject({ content: 'small again\n', document: { revision: 0 } });
    // a has not reopened it: its edits are refused as for any file it does not have open.
    expect(await a.ask('file/documentOperation', { id, operation: ['?', 12], revision: 0, seq: 4 })).toMatchObject({
      status: 1,
      error: { code: PitcherErrorCode.FILE_NOT_OPEN },
    });
    expect(await b.ask('file/documentOperation', { id, operation: ['# ', 12], revision: 0, seq: 2 })).toMatchObject({ status: 0 });
    expect(await b.ask('file/save', { id, write: true })).toMatchObject({ status: 0 });
    expect(onDisk('shared-big.txt').toString('utf8')).toBe('# small again\n');
  });

  it('never saves the old text over a file that became binary on disk', async () => {
    const id = await newFile('turned.txt', 'plain text\n');
    const opened = await a.ask('file/open', { id });
    const edit = await a.ask('file/documentOperation', { id, operation: ['more ', 11], revision: opened.result.document.revision, seq: 5 });
    expect(edit.status).toBe(0);
    const from = a.wire.received.length;
    writeFileSync(path.join(context.filesDir, 'turned.txt'), BINARY);
    const saved = await a.ask('file/save', { id, write: true });
    const message = 'turned.txt changed on disk and was closed for editing, so that the change on disk is kept: it is not a text file any more';
    expect(saved).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_TEXT, message } });
    expect(await toldAbout(a, 'turned.txt', from)).toMatchObject({ type: 'warning', message });
    expect(new Uint8Array(onDisk('turned.txt'))).toEqual(BINARY);
    // Reopened, it is the binary file.
    const reopened = await a.ask('file/open', { id, isResync: true });
    expect(reopened).toMatchObject({ status: 0, result: { isBinary: true, document: null } });
    expect(new Uint8Array(reopened.result.content)).toEqual(BINARY);
    const edit2 = await a.ask('file/documentOperation', { id, operation: ['x', 16], revision: 1, seq: 6 });
    expect(edit2).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_TEXT, message } });
    expect(new Uint8Array(onDisk('turned.txt'))).toEqual(BINARY);
  });

  it('never saves over a change on disk that, merged with the unsaved edits, would pass the limit', async () => {
    const id = await newFile('almost.txt', 'start\n');
    const opened = await a.ask('file/open', { id });
    const edit = await a.ask('file/documentOperation', { id, operation: ['y'.repeat(1_000), 6], revision: opened.result.document.revision, seq: 7 });
    expect(edit.status).toBe(0);
    // 4,999,900 characters on disk: under the limit alone, over it with the 1,000 unsaved ones.
    const grown = ('x'.repeat(99) + '\n').repeat(49_999);
    writeFileSync(path.join(context.filesDir, 'almost.txt'), grown);
    const saved = await a.ask('file/save', { id, write: true });
    expect(saved).toMatchObject({
      status: 1,
      error: {
        code: PitcherErrorCode.FILE_TOO_LARGE,
        message:
          'almost.txt changed on disk and was closed for editing, so that the change on disk is kept: it cannot be merged with the unsaved edits: ' +
          'File is too large to display (5000900 characters), limit is 5000000 characters',
      },
    });
    expect(onDisk('almost.txt').toString('utf8')).toBe(grown);
    // The disk's text alone fits: reopened, it is the document.
    const reopened = await a.ask('file/open', { id, isResync: true });
    expect(reopened.result).toMatchObject({ content: grown, document: { revision: 0 } });
  });
});
