/**
 * Records the wire contract fixtures (test/contract/fixtures/*.json) against the real server:
 *   node -r ts-node/register/transpile-only scripts/record-contract-fixtures.ts
 * Volatile values are normalised to placeholders and the hex is the normalised value re-encoded
 * with the protocol codec, so re-recording gives the same files (except shell output chunks).
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { runScenario } from '../test/contract/support/scenario';
import { removeDir, startTestServer, tempDataDir } from '../test/contract/support/server-harness';
import { FIXTURE_NAMES } from '../test/contract/support/wire';

async function main(): Promise<void> {
  const dataDir = tempDataDir();
  const server = await startTestServer(dataDir);
  try {
    const { fixtures } = await runScenario(server, dataDir);
    const dir = path.resolve(__dirname, '..', 'test', 'contract', 'fixtures');
    mkdirSync(dir, { recursive: true });
    for (const name of FIXTURE_NAMES) {
      writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(fixtures[name], null, 2)}\n`);
      console.log(`wrote ${name}.json (${fixtures[name].frames.length} frames)`);
    }
  } finally {
    await server.close();
    removeDir(dataDir);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
