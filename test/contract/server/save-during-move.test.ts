import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { useTestServer } from '../support/server-harness';
import { WireSession, eventually } from '../support/wire-session';

jest.setTimeout(180_000);

/**
 * A save and a rename of the same file sent together (the editor autosaves when the focus goes to the explorer, where
 * the user renames the file): the save lands in the file under its new name, no file comes back under the old one,
 * and the document keeps its text. The save once resolved the path before the move and wrote the old path after it:
 * a new file appeared under the old name, and the renamed file's older content was merged back into the document as
 * a change on disk, taking the saved edit away.
 */
describe('a save racing a rename of its file', () => {
  const context = useTestServer();
  let a: WireSession;

  beforeAll(async () => {
    a = await WireSession.open(context.server);
  });
  afterAll(async () => {
    await a?.close();
  });

  it('writes the new name, never the old one, and keeps the edit', async () => {
    for (let round = 0; round < 12; round++) {
      const oldName = `race-${round}.txt`;
      const newName = `race-${round}.ts`;
      writeFileSync(path.join(context.filesDir, oldName), 'plain\n');
      const id = (await eventually(() => a.idOf(oldName), oldName)) as string;
      const opened = await a.ask('file/open', { id });
      const edit = await a.ask('file/documentOperation', { id, operation: [6, `typed ${round}\n`], revision: opened.result.document.revision });
      expect(edit.status).toBe(0);
      // Both frames leave in the same tick.
      const save = a.send('file/save', { id });
      const move = a.send('fs/operation', { operation: { type: 'move', id, parentId: '0', name: newName } });
      const [saved, moved] = await Promise.all([a.answer(save), a.answer(move)]);
      expect(moved.status).toBe(0);
      expect(saved.status).toBe(0);
      const expected = `plain\ntyped ${round}\n`;
      await eventually(() => (existsSync(path.join(context.filesDir, newName)) && readFileSync(path.join(context.filesDir, newName), 'utf8') === expected ? true : undefined), `${newName} saved`);
      // Let the watcher report what it saw, then nothing may have come back or been undone.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(existsSync(path.join(context.filesDir, oldName))).toBe(false);
      expect(readFileSync(path.join(context.filesDir, newName), 'utf8')).toBe(expected);
      const reopened = await a.ask('file/open', { id });
      expect(reopened.result.content).toBe(expected);
      await a.ask('file/close', { id });
    }
  });
});
