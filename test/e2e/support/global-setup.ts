/** Build server and client once, so each test file's server start (`npm run serve`) is fast and no two builds race on dist/. */
import { execNpm } from './server';

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  await execNpm(['run', 'build']);
  process.stdout.write(`\n[e2e] npm run build finished in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
