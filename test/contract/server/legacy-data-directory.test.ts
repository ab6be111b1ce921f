import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { SandboxRepository } from '../../../src/server/application/ports/sandbox-repository.port';
import { UserRepository } from '../../../src/server/application/ports/user-repository.port';
import { TeamRepository } from '../../../src/server/application/ports/team-repository.port';
import { ENGINES, serverDatabase } from '../db/support/scratch-database';
import { removeDir, startTestServer, tempDataDir } from '../support/server-harness';

jest.setTimeout(120_000);

/** Every file under a directory with its content's digest: what "untouched" means. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** A data directory as Bullpen kept it before the database: sandbox.json beside files/ (issue 20 §2). */
function legacyDataDirectory(): string {
  const dataDir = tempDataDir();
  const sandbox = (id: string, record: object, files: Record<string, string>) => {
    const dir = path.join(dataDir, 'sandboxes', id);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, 'files', name)), { recursive: true });
      writeFileSync(path.join(dir, 'files', name), text);
    }
    mkdirSync(path.join(dir, 'home'), { recursive: true });
    writeFileSync(path.join(dir, 'sandbox.json'), JSON.stringify(record, null, 2));
  };
  sandbox('older1', { id: 'older1', title: 'React starter', template: 'react-starter', createdAt: '2026-01-01T10:00:00.000Z' }, { 'README.md': '# Old\n', 'src/App.js': 'export default 1;\n' });
  sandbox('newer2', { id: 'newer2', title: 'Second', template: 'blank', createdAt: '2026-02-01T10:00:00.000Z', anonymousAccess: 'read' }, { 'notes.txt': 'keep me\n' });
  // Not a sandbox record: reported and left out, the start goes on.
  mkdirSync(path.join(dataDir, 'sandboxes', 'broken3'), { recursive: true });
  writeFileSync(path.join(dataDir, 'sandboxes', 'broken3', 'sandbox.json'), '{ not json');
  return dataDir;
}

describe.each(ENGINES)('a data directory from before the database, started on %s', (engine) => {
  it('becomes rows in the owner\'s default team, once, without touching the workspaces\' files; the oldest stays the default', async () => {
    const dataDir = legacyDataDirectory();
    const database = await serverDatabase(engine);
    const before = snapshot(path.join(dataDir, 'sandboxes'));
    try {
      const first = await startTestServer(dataDir, 'write', { env: database.env });
      try {
        expect(first.database.engine).toBe(engine);
        expect(first.database.importedSandboxes).toEqual(['older1', 'newer2']);
        expect(first.defaultSandboxId).toBe('older1');
        const records = await first.container.get<SandboxRepository>(SandboxRepository).list();
        const owner = await first.container.get<UserRepository>(UserRepository).owner();
        const teams = await first.container.get<TeamRepository>(TeamRepository).membershipsOf(owner!.id);
        const defaultTeam = teams.find((m) => m.team.personalOwnerId === undefined)!.team.id;
        expect(records).toEqual([
          { id: 'older1', title: 'React starter', template: 'react-starter', createdAt: '2026-01-01T10:00:00.000Z', privacy: 0, teamId: defaultTeam, authorId: owner!.id },
          { id: 'newer2', title: 'Second', template: 'blank', createdAt: '2026-02-01T10:00:00.000Z', anonymousAccess: 'read', privacy: 0, teamId: defaultTeam, authorId: owner!.id },
        ]);
      } finally {
        await first.close();
      }
      const files = (snap: Record<string, string>) => Object.fromEntries(Object.entries(snap).filter(([name]) => name.split(path.sep)[1] === 'files'));
      expect(files(snapshot(path.join(dataDir, 'sandboxes')))).toEqual(files(before));
      const second = await startTestServer(dataDir, 'write', { env: database.env });
      try {
        expect(second.database.migrated).toEqual([]);
        expect(second.database.importedSandboxes).toEqual([]);
        expect((await second.container.get<SandboxRepository>(SandboxRepository).list()).map((r) => r.id)).toEqual(['older1', 'newer2']);
        expect(second.defaultSandboxId).toBe('older1');
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
      removeDir(dataDir);
    }
  });
});
