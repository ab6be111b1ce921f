import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Kysely's Postgres dialect over an embedded PGlite (ADR 0022): a pool of one connection. PGlite is one Postgres
 * backend in this process, so a connection is handed out to one user at a time: a transaction (begin … commit on one
 * connection) never interleaves with another's statements. Waiters are served in order.
 */
export class PGlitePool implements PostgresPool {
  private tail: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(private readonly db: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.ended) throw new Error('The embedded database is closed');
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    let released = false;
    const db = this.db;
    const client = {
      async query<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await db.query<R>(text, parameters as unknown[]);
        return { command: /^\s*select\b/i.test(text) ? 'SELECT' : 'UPDATE', rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release: () => {
        if (released) return;
        released = true;
        release();
      },
    };
    return client as unknown as PostgresPoolClient;
  }

  async end(): Promise<void> {
    this.ended = true;
    await this.tail;
    await this.db.close();
  }
}
