import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { useTestServer } from '../support/server-harness';
import { WireSession, eventually } from '../support/wire-session';

jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A directory on an open document's path is swapped for a symlink (leading out of the workspace) and back, again and
 * again, while a client edits and saves. Each time the watcher sees the symlink, the document's file leaves the tree;
 * when the directory is back, the file must come back under the same id and the document with it: edits acknowledged
 * meanwhile are saved once the path is valid again. The file id used to be dropped for good: every later edit was
 * acknowledged and every save failed with 'file not found'.
 */
describe('an open document whose directory is swapped for a symlink and back', () => {
  const context = useTestServer();
  let a: WireSession;
  let outside: string;

  beforeAll(async () => {
    a = await WireSession.open(context.server);
    outside = mkdtempSync(path.join(tmpdir(), 'bullpen-outside-'));
    writeFileSync(path.join(outside, 'doc.txt'), 'outside\n');
  });
  afterAll(async () => {
    await a?.close();
    rmSync(outside, { recursive: true, force: true });
  });

  it('comes back under its id and saves every acknowledged edit once the directory is back', async () => {
    const dir = path.join(context.filesDir, 'swapped');
    const real = path.join(context.filesDir, 'swapped-real');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'doc.txt'), 'start\n');
    const id = (await eventually(() => a.idOf('swapped/doc.txt'), 'swapped/doc.txt')) as string;
    const dirId = await a.idOf('swapped');
    const opened = await a.ask('file/open', { id });
    let revision: number = opened.result.document.revision;
    let text: string = opened.result.content;

    let swapping = true;
    let swaps = 0;
    const swapper = (async () => {
      while (swapping) {
        renameSync(dir, real);
        symlinkSync(outside, dir);
        await sleep(40 + (swaps % 4) * 40); // long enough, some of the time, for the watcher to list the symlink
        unlinkSync(dir);
        renameSync(real, dir);
        await sleep(20 + (swaps % 3) * 30);
        swaps++;
      }
    })();

    const refusals = new Set<string>();
    const until = Date.now() + 8_000;
    try {
      for (let round = 0; Date.now() < until; round++) {
        const insert = `edit ${round}\n`;
        const edit = await a.ask('file/documentOperation', {
          id,
          operation: [text.length, insert],
          revision,
        });
        if (edit.status === 0) {
          revision = edit.result.revision;
          text += insert;
        } else {
          // A refused edit says why; the client resyncs.
          refusals.add(edit.error.message);
          const again = await a.ask('file/open', { id, isResync: true });
          if (again.status !== 0) continue;
          revision = again.result.document.revision;
          text = again.result.content;
        }
        const saved = await a.ask('file/save', { id, write: true });
        if (saved.status !== 0) refusals.add(saved.error.message);
      }
    } finally {
      swapping = false;
      await swapper;
    }
    expect(swaps).toBeGreaterThan(10);
    // The watcher saw the symlink at least once: the file left the tree.
    const left = a.wire.received.filter(
      (f) =>
        f.value.method === 'fs/operations' &&
        f.value.params.operations.some((o: any) => o.operation.type === 'delete' && (o.operation.id === id || o.operation.id === dirId)),
    );
    expect(left.length).toBeGreaterThan(0);
    // Saves refused while the directory was a symlink say why, never that the file is unknown.
    for (const message of refusals) expect(message).not.toMatch(/file not found/i);

    // The directory is back: the file is in the tree under the same id, and a save writes every acknowledged edit.
    await eventually(async () => ((await a.idOf('swapped/doc.txt')) === id ? true : undefined), 'the file back under its id');
    const final = await a.ask('file/documentOperation', {
      id,
      operation: [text.length, 'last\n'],
      revision,
    });
    expect(final.status).toBe(0);
    text += 'last\n';
    const saved = await a.ask('file/save', { id, write: true });
    expect(saved).toMatchObject({ status: 0 });
    expect(readFileSync(path.join(dir, 'doc.txt'), 'utf8')).toBe(text);
    expect(readFileSync(path.join(outside, 'doc.txt'), 'utf8')).toBe('outside\n');
  });

  it('writes a file deleted on disk again when its document is saved, under the same id', async () => {
    const file = path.join(context.filesDir, 'deleted-then-saved.txt');
    writeFileSync(file, 'kept\n');
    const id = (await eventually(() => a.idOf('deleted-then-saved.txt'), 'the file')) as string;
    const opened = await a.ask('file/open', { id });
    const edit = await a.ask('file/documentOperation', { id, operation: [5, 'typed\n'], revision: opened.result.document.revision });
    expect(edit.status).toBe(0);
    unlinkSync(file);
    await eventually(async () => ((await a.idOf('deleted-then-saved.txt')) === undefined ? true : undefined), 'the file out of the tree');
    const saved = await a.ask('file/save', { id, write: true });
    expect(saved).toMatchObject({ status: 0 });
    expect(readFileSync(file, 'utf8')).toBe('kept\ntyped\n');
    await eventually(async () => ((await a.idOf('deleted-then-saved.txt')) === id ? true : undefined), 'the file back under its id');
  });

  it('refuses the save of a file whose folder was moved away on disk, saying why, and keeps the edits', async () => {
    mkdirSync(path.join(context.filesDir, 'moved-away'));
    writeFileSync(path.join(context.filesDir, 'moved-away/doc.txt'), 'one\n');
    const id = (await eventually(() => a.idOf('moved-away/doc.txt'), 'the file')) as string;
    const opened = await a.ask('file/open', { id });
    const edit = await a.ask('file/documentOperation', { id, operation: [4, 'two\n'], revision: opened.result.document.revision });
    expect(edit.status).toBe(0);
    renameSync(path.join(context.filesDir, 'moved-away'), path.join(context.filesDir, 'moved-here'));
    await eventually(async () => ((await a.idOf('moved-away/doc.txt')) === undefined ? true : undefined), 'the file out of the tree');
    const refused = await a.ask('file/save', { id, write: true });
    expect(refused.status).not.toBe(0);
    expect(refused.error.message).toMatch(/^moved-away\/doc\.txt is no longer in the workspace \(deleted or moved on disk\) and cannot be written there again: ENOENT/);
    expect(refused.error.message).toMatch(/The edits are kept/);
    // The folder comes back: the document is found again under its id, with its edit, and saves.
    renameSync(path.join(context.filesDir, 'moved-here'), path.join(context.filesDir, 'moved-away'));
    await eventually(async () => ((await a.idOf('moved-away/doc.txt')) === id ? true : undefined), 'the file back under its id');
    expect(await a.ask('file/save', { id, write: true })).toMatchObject({ status: 0 });
    expect(readFileSync(path.join(context.filesDir, 'moved-away/doc.txt'), 'utf8')).toBe('one\ntwo\n');
  });

  it('logs a change on disk it refuses (the file swapped for a symlink leading out) once, not at every swap', async () => {
    const file = path.join(context.filesDir, 'swapped-file.txt');
    writeFileSync(file, 'start\n');
    const id = (await eventually(() => a.idOf('swapped-file.txt'), 'the file')) as string;
    await a.ask('file/open', { id });
    const lines: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    try {
      for (let i = 0; i < 30; i++) {
        renameSync(file, `${file}.real`);
        symlinkSync(path.join(outside, 'doc.txt'), file);
        await sleep(60);
        unlinkSync(file);
        renameSync(`${file}.real`, file);
        await sleep(60);
      }
      await sleep(300);
    } finally {
      spy.mockRestore();
    }
    const refused = lines.filter((line) => line.includes(`could not take the change on disk of ${id}`));
    expect(refused).toEqual([expect.stringContaining("EACCES: permission denied, open 'swapped-file.txt'")]);
    expect(readFileSync(path.join(outside, 'doc.txt'), 'utf8')).toBe('outside\n');
  });
});
