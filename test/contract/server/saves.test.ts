import { existsSync, lstatSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { useTestServer } from '../support/server-harness';
import { WireSession, eventually } from '../support/wire-session';

jest.setTimeout(180_000);

/** Every file below `dir` whose name marks a temporary file of a save. */
function tempFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tempFiles(full));
    else if (entry.name.includes('bullpen') && entry.name.endsWith('.tmp')) out.push(full);
  }
  return out;
}

describe('saving over the wire', () => {
  const context = useTestServer();


  it('leaves the file equal to the text of the later of overlapping saves, 40 rounds, two clients', async () => {
    const a = await WireSession.open(context.server);
    const b = await WireSession.open(context.server);
    writeFileSync(path.join(context.filesDir, 'race.txt'), 'start\n');
    const id = await eventually(() => a.idOf('race.txt'), 'race.txt in the tree');
    let revisionA = (await a.ask('file/open', { id })).result.document.revision;
    await b.ask('file/open', { id });
    let lengthA = 'start\n'.length;
    for (let round = 0; round < 40; round++) {
      const from = a.wire.received.length;
      // A edits and saves twice without waiting; B saves in between: every save overlaps another.
      const pending: number[] = [];
      const mark = `A${round}\n`;
      pending.push(a.send('file/documentOperation', { id, operation: [mark, lengthA], revision: revisionA }));
      pending.push(a.send('file/save', { id, write: true }));
      pending.push(b.send('file/save', { id, write: true }));
      pending.push(a.send('file/save', { id, write: true }));
      const answers = await Promise.all(pending.map((p, i) => (i === 2 ? b.answer(p) : a.answer(p))));
      for (const answer of answers) expect(answer.status).toBe(0);
      revisionA = answers[0].result.revision;
      lengthA += mark.length;
      // The last save the server finished is the last file/save notification A received.
      const notifications = () => a.wire.received.slice(from).filter((f) => f.value.method === 'file/save' && !('id' in f.value));
      await eventually(() => notifications().length >= 3, 'three save notifications');
      const saves = notifications();
      const latest = saves[saves.length - 1].value.params.content as string;
      expect(readFileSync(path.join(context.filesDir, 'race.txt'), 'utf8')).toBe(latest);
      // Nothing else edits, so the later save holds every edit: never the older text.
      expect(latest.startsWith(mark)).toBe(true);
    }
    expect(tempFiles(context.filesDir)).toEqual([]);
    await a.close();
    await b.close();
  });

  it('answers a failed save with an error and changes nothing (the file was swapped for a symlink leaving the workspace)', async () => {
    const s = await WireSession.open(context.server);
    const outside = path.join(tmpdir(), `bullpen-outside-${process.pid}.txt`);
    writeFileSync(outside, 'outside stays\n');
    writeFileSync(path.join(context.filesDir, 'victim.txt'), 'inside\n');
    const id = await eventually(() => s.idOf('victim.txt'), 'victim.txt in the tree');
    await s.ask('file/open', { id });
    expect(await s.ask('file/documentOperation', { id, operation: ['edited ', 7], revision: 0 })).toMatchObject({ status: 0 });
    rmSync(path.join(context.filesDir, 'victim.txt'));
    symlinkSync(outside, path.join(context.filesDir, 'victim.txt'));
    const saved = await s.ask('file/save', { id, write: true });
    expect(saved).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PATH, data: { errno: -13, code: 'EACCES' } } });
    expect(readFileSync(outside, 'utf8')).toBe('outside stays\n');
    expect(lstatSync(path.join(context.filesDir, 'victim.txt')).isSymbolicLink()).toBe(true);
    expect((await s.ask('file/open', { id })).result.content).toBe('edited inside\n');
    expect(tempFiles(context.filesDir)).toEqual([]);
    rmSync(outside);
    await s.close();
  });

  it('saves through a symlink inside the workspace by writing its target', async () => {
    const s = await WireSession.open(context.server);
    writeFileSync(path.join(context.filesDir, 'target.txt'), 'one\n');
    symlinkSync('target.txt', path.join(context.filesDir, 'link.txt'));
    const id = await eventually(() => s.idOf('link.txt'), 'link.txt in the tree');
    expect((await s.ask('file/open', { id })).result.content).toBe('one\n');
    await s.ask('file/documentOperation', { id, operation: [4, 'two\n'], revision: 0 });
    expect(await s.ask('file/save', { id, write: true })).toMatchObject({ status: 0 });
    expect(readFileSync(path.join(context.filesDir, 'target.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(lstatSync(path.join(context.filesDir, 'link.txt')).isSymbolicLink()).toBe(true);
    await s.close();
  });

  it('refuses to open a file through a symlink that leaves the workspace, with the path error and errno', async () => {
    const s = await WireSession.open(context.server);
    symlinkSync('/etc/passwd', path.join(context.filesDir, 'passwd'));
    const id = await eventually(() => s.idOf('passwd'), 'passwd link in the tree');
    const opened = await s.ask('file/open', { id });
    expect(opened).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PATH, data: { errno: -13 } } });
    expect(JSON.stringify(opened)).not.toContain('root:');
    expect(existsSync(path.join(context.filesDir, 'passwd'))).toBe(true);
    await s.close();
  });
});
