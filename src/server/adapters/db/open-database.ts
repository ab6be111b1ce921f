import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import { Pool } from 'pg';
import type { Database } from './database-schema';
import { migrationProvider } from './migrations';
import { PGlitePool } from './pglite-pool';

/** Which Postgres runs the platform data (ADR 0022): PGlite in the data directory, or a server named by DATABASE_URL. */
export type DatabaseEngine = 'pglite' | 'postgres';

export interface DatabaseOptions {
  /** A PostgreSQL connection URL (DATABASE_URL); absent: the embedded PGlite. */
  url?: string;
  /** Where PGlite keeps its files (`<BULLPEN_DATA>/db`). */
  pgliteDir: string;
  /** Most connections to a PostgreSQL server. */
  maxConnections?: number;
}

export interface OpenedDatabase {
  readonly db: Kysely<Database>;
  readonly engine: DatabaseEngine;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  if (options.url) {
    const pool = new Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle client's error (the server restarted) must not end the process: the pool drops that client.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(options.pgliteDir, { recursive: true });
  const pglite = new PGlite(options.pgliteDir);
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  return { db, engine: 'pglite', close: () => db.destroy() };
}

/**
 * Applies every migration not applied yet, in order, each in a transaction. Kysely's migrator holds a Postgres
 * advisory lock meanwhile, so two servers starting on one database apply each migration once. Throws with the
 * failing migration's name and error.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`Database migration${failed ? ` ${failed.migrationName}` : ''} failed: ${(error as Error).message ?? String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
