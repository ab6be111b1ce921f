/**
 * Records the wire contract fixtures (test/contract/fixtures/<family>/<method>.json) against the real server:
 *   node -r ts-node/register/transpile-only scripts/record-contract-fixtures.ts [group …]
 * Without arguments every group is recorded and fixtures no group produces any more are removed; with group names
 * (see FIXTURE_GROUPS in test/contract/support/fixture-recorder) only those groups' fixtures are rewritten.
 * Volatile values are normalised to placeholders and the hex is the normalised value re-encoded with the protocol
 * codec, so re-recording gives the same files (fixtures marked compare: 'shape' say what varies).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { FIXTURE_GROUPS, groupNamed, recordGroup } from '../test/contract/support/fixture-recorder';
import { FIXTURES_DIR, fixtureFile, listFixtures } from '../test/contract/support/fixtures';

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const groups = names.length > 0 ? names.map(groupNamed) : FIXTURE_GROUPS;
  const written = new Set<string>();
  for (const group of groups) {
    const started = Date.now();
    const fixtures = await recordGroup(group);
    for (const [name, fixture] of fixtures) {
      const file = path.join(FIXTURES_DIR, fixtureFile(name));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`);
      written.add(name);
    }
    console.log(`${group.name}: ${fixtures.size} fixtures in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (names.length === 0) {
    for (const stale of listFixtures().filter((n) => !written.has(n))) {
      rmSync(path.join(FIXTURES_DIR, fixtureFile(stale)));
      console.log(`removed ${fixtureFile(stale)}`);
    }
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
