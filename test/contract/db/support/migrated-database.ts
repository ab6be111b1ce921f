import { migrateToLatest } from '../../../../src/server/adapters/db/open-database';
import { DatabaseEngine } from '../../../../src/server/adapters/db/open-database';
import { ScratchDatabase, scratchDatabase } from './scratch-database';

/** A scratch database of the engine at the latest schema for the test file (before all; dropped after all). */
export function useMigratedDatabase(engine: DatabaseEngine): { readonly current: ScratchDatabase } {
  const holder = {} as { current: ScratchDatabase };
  beforeAll(async () => {
    holder.current = await scratchDatabase(engine);
    await migrateToLatest(holder.current.db);
  });
  afterAll(async () => holder.current?.close());
  return holder;
}
