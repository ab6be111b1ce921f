import { readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { removeDir, tempDataDir } from '../support/server-harness';
import { ServerProcess, startServerProcess } from '../support/server-process';
import { WireSession } from '../support/wire-session';

jest.setTimeout(240_000);

/**
 * kill -9 at the worst moments: every acknowledged edit is back after a restart, the file on disk is one whole saved
 * text, and the journal stays bounded (snapshot plus tail) however long the unsaved session was.
 */
describe('after kill -9', () => {
  let dataDir: string;
  let proc: ServerProcess | undefined;

  beforeEach(() => {
    dataDir = tempDataDir();
  });
  afterEach(async () => {
    await proc?.kill('SIGKILL');
    proc = undefined;
    removeDir(dataDir);
  });

  it('restores every acknowledged edit, overlapping saves leave one whole text, and the journal stays bounded', async () => {
    proc = await startServerProcess(dataDir);
    const filesDir = path.join(dataDir, 'sandboxes', proc.server.defaultSandboxId, 'files');
    const s = await WireSession.open(proc.server);
    const id = (await s.idOf('src/App.js'))!;
    const opened = await s.ask('file/open', { id });
    let text: string = opened.result.content;
    let revision: number = opened.result.document.revision;
    // 3,000 acknowledged edits of ~100 characters (a 300 KB unsaved tail), saves overlapping the edits now and then.
    for (let i = 0; i < 3000; i++) {
      const line = `// edit ${i} ${'x'.repeat(90)}\n`;
      const at = text.length;
      const answer = await s.ask('file/documentOperation', { id, operation: [at, line], revision });
      expect(answer.status).toBe(0);
      revision = answer.result.revision;
      text += line;
      if (i % 500 === 250) {
        s.send('file/save', { id, write: true }); // not awaited: it overlaps the next edits
      }
    }
    const journalDir = path.join(dataDir, 'sandboxes', proc.server.defaultSandboxId, 'journal');
    const journalBytes = readdirSync(journalDir).reduce((sum, name) => sum + statSync(path.join(journalDir, name)).size, 0);
    await proc.kill('SIGKILL');

    // The journal holds a snapshot and a tail no longer than the text (or 256 KB): not 3,000 records of history.
    expect(journalBytes).toBeLessThan(2 * Math.max(text.length, 256 * 1024) + 64 * 1024);
    // The file on disk is exactly the text the last save wrote (each save announces what it wrote in file/save).
    const saves = s.wire.received.filter((f) => f.value.method === 'file/save' && !('id' in f.value));
    expect(saves).toHaveLength(6);
    const onDisk = readFileSync(path.join(filesDir, 'src', 'App.js'), 'utf8');
    expect(onDisk).toBe(saves[saves.length - 1].value.params.content);
    expect(text.startsWith(onDisk)).toBe(true);
    expect(readdirSync(path.join(filesDir, 'src')).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    proc = await startServerProcess(dataDir);
    const again = await WireSession.open(proc.server);
    expect(await again.idOf('src/App.js')).toBe(id);
    const reopened = await again.ask('file/open', { id });
    expect(reopened.result.content).toBe(text);
    expect(reopened.result.document.revision).toBe(revision);
    await again.close();
  });
});
