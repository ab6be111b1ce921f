/**
 * Build server and client once (only when the sources changed since the last build, scripts/build-if-changed.js),
 * so each test file's server start (`npm run serve`) is fast and no two builds race on dist/.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildIfChanged } = require('../../../scripts/build-if-changed') as { buildIfChanged: (o?: { log?: (s: string) => void }) => boolean };

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const built = buildIfChanged({ log: (line) => process.stdout.write(`\n[e2e] ${line}\n`) });
  process.stdout.write(`\n[e2e] ${built ? 'build finished' : 'build is current'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
