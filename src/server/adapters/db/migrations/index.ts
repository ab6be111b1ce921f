import type { Migration, MigrationProvider } from 'kysely';
import * as accounts from './0001-accounts';

/**
 * Every migration, in order, by name. Names sort as they apply; a migration once released is never edited, only
 * followed by a new one (each is tested against rows of the schema before it: test/contract/db/migrations.test.ts).
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-accounts': accounts,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };
