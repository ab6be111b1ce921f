import { PGlite } from '@electric-sql/pglite';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/**
 * Test servers start on fresh data directories, and PGlite's first start of one runs initdb (3 to 4 s on a 2-core
 * machine), which every test file would pay. The empty database initdb makes is the same every time, so it is made
 * once per PGlite version into the temp directory and copied into a fresh data directory's `db/` (as PostgreSQL's
 * own template databases are). The server still applies every migration and makes its owner itself. A data directory
 * that has a database already is left alone.
 */
export async function seedEmptyDatabase(dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'db');
  if (existsSync(target)) return;
  cpSync(await emptyDatabaseTemplate(), target, { recursive: true });
}

let template: Promise<string> | undefined;

function emptyDatabaseTemplate(): Promise<string> {
  template ??= (async () => {
    // The package's exports leave out package.json: it is read beside the resolved entry (dist/index.cjs).
    const packageJson = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
    const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
    const cached = path.join(tmpdir(), `bullpen-pglite-empty-${version}`);
    if (existsSync(path.join(cached, 'PG_VERSION'))) return cached;
    // Made beside its final place and renamed: parallel test workers never see half of one.
    const staging = mkdtempSync(`${cached}.staging-`);
    const db = new PGlite(staging);
    await db.waitReady;
    await db.close();
    try {
      renameSync(staging, cached);
    } catch {
      // Another worker's copy is in place: it is the same database.
      rmSync(staging, { recursive: true, force: true });
    }
    return cached;
  })();
  return template;
}
