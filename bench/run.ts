/**
 * Benchmark runner (`npm run bench [-- filter]`): runs every bench/*.bench.ts in alphabetical order, or only those
 * whose file name contains the filter. Each module exports `async function run(): Promise<void>` and prints its figures.
 */
import * as fs from 'fs';
import * as path from 'path';

interface BenchModule {
  run?: () => Promise<void>;
}

async function main(): Promise<void> {
  const filter = process.argv[2];
  const files = fs
    .readdirSync(__dirname)
    .filter((name) => name.endsWith('.bench.ts') && (!filter || name.includes(filter)))
    .sort();
  if (files.length === 0) {
    console.error(`no bench/*.bench.ts matches ${JSON.stringify(filter)}`);
    process.exitCode = 1;
    return;
  }
  const failures: string[] = [];
  for (const file of files) {
    console.log(`\n=== ${file} ===`);
    const started = Date.now();
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const bench = require(path.join(__dirname, file)) as BenchModule;
      if (typeof bench.run !== 'function') throw new Error(`${file} does not export run()`);
      await bench.run();
      console.log(`(${file} took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failures.push(file);
      console.error(`FAILED ${file}:`, error);
    }
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} benchmark(s) failed: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

void main();
