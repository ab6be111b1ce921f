import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DatabaseEngine, OpenedDatabase, openDatabase } from '../../../../src/server/adapters/db/open-database';

/** Every storage test runs on both engines (issue 20 §2). */
export const ENGINES: readonly DatabaseEngine[] = ['pglite', 'postgres'];

/** The PostgreSQL server the tests make scratch databases on (TEST_DATABASE_URL overrides). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase extends OpenedDatabase {
  /** The scratch database's URL (postgres) or directory (pglite), to open it again. */
  readonly location: string;
}

/** A scratch database's URL on the test server: same server and credentials, another database name. */
const urlOf = (name: string) => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new empty database of the engine: a PGlite directory under the temp dir, or a database created on the test
 * PostgreSQL server. `close()` drops it.
 */
export async function scratchDatabase(engine: DatabaseEngine): Promise<ScratchDatabase> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'bullpen-pglite-'));
    const opened = await openDatabase({ pgliteDir: dir });
    return {
      ...opened,
      location: dir,
      close: async () => {
        await opened.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `bullpen_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = urlOf(name);
  const opened = await openDatabase({ url, pgliteDir: '' });
  return {
    ...opened,
    location: url,
    close: async () => {
      await opened.close();
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Opens the same scratch database again (another server on it). */
export function reopen(engine: DatabaseEngine, location: string): Promise<OpenedDatabase> {
  return engine === 'pglite' ? openDatabase({ pgliteDir: location }) : openDatabase({ url: location, pgliteDir: '' });
}

/**
 * Settings for a server to keep its platform data on the engine: nothing for PGlite (its data directory's own), or
 * DATABASE_URL of a new scratch database on the test server. `drop()` removes that database after the server closed.
 */
export async function serverDatabase(engine: DatabaseEngine): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (engine === 'pglite') return { env: {}, drop: async () => undefined };
  const name = `bullpen_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  return { env: { DATABASE_URL: urlOf(name) }, drop: () => admin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}
