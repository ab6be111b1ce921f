import { sql } from 'kysely';
import { Migrator } from 'kysely';
import { MIGRATIONS, migrationProvider } from '../../../src/server/adapters/db/migrations';
import { migrateToLatest } from '../../../src/server/adapters/db/open-database';
import { ENGINES, ScratchDatabase, reopen, scratchDatabase } from './support/scratch-database';

jest.setTimeout(60_000);

describe.each(ENGINES)('migrations on %s', (engine) => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await scratchDatabase(engine);
  });
  afterAll(async () => scratch?.close());

  it('applies every migration in order on an empty database, and nothing the second time', async () => {
    expect(await migrateToLatest(scratch.db)).toEqual(Object.keys(MIGRATIONS));
    expect(await migrateToLatest(scratch.db)).toEqual([]);
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(scratch.db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['api_tokens', 'audit_log', 'identities', 'one_time_tokens', 'pending_users', 'sandboxes', 'sessions', 'team_members', 'teams', 'users']),
    );
  });

  it('migrates down to nothing and up again', async () => {
    const migrator = new Migrator({ db: scratch.db, provider: migrationProvider });
    for (;;) {
      const { error, results } = await migrator.migrateDown();
      expect(error).toBeUndefined();
      if (!results || results.length === 0) break;
    }
    const left = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'users'`.execute(scratch.db);
    expect(left.rows[0].n).toBe(0);
    expect(await migrateToLatest(scratch.db)).toEqual(Object.keys(MIGRATIONS));
  });

  it('keeps usernames and e-mails unique whatever their case', async () => {
    await scratch.db.insertInto('users').values({ id: 'u1', username: 'Ada', email: 'Ada@Example.com' }).execute();
    await expect(scratch.db.insertInto('users').values({ id: 'u2', username: 'ada' }).execute()).rejects.toThrow(/users_username_key/);
    await expect(scratch.db.insertInto('users').values({ id: 'u3', username: 'grace', email: 'ada@example.COM' }).execute()).rejects.toThrow(/users_email_key/);
  });

  if (engine === 'postgres') {
    it('applies each migration once when two servers start on one database at the same time (advisory lock)', async () => {
      const fresh = await scratchDatabase(engine);
      const second = await reopen(engine, fresh.location);
      try {
        const [a, b] = await Promise.all([migrateToLatest(fresh.db), migrateToLatest(second.db)]);
        expect([...a, ...b].sort()).toEqual(Object.keys(MIGRATIONS).sort());
      } finally {
        await second.close();
        await fresh.close();
      }
    });
  }
});
