/**
 * Glob matching of the search scope and the .gitignore rules (src/domain/search/glob.ts, on the shared linear-time
 * matcher src/domain/fs/segment-glob.ts) against picomatch, the library issue 19 names, in the same run:
 *
 * - typical: the globs a search brings (an include, the user's excludes, the always-excluded names, and a .gitignore's
 *   lines) against every path of bench/tree.bench.ts's 100,000-file tree plus its node_modules (120,000 paths),
 *   each glob asked about each path as SearchScope.decide and GitignoreRules.isIgnored ask. picomatch gets the same
 *   semantics through its options (dot files matched, no extglobs, no negation, `basename` for a glob without '/',
 *   no braces for .gitignore lines); both must give the same answers on this workload (checked).
 * - adversarial: `*a*a*a*a*a*a*a*c*` (a search include, or a line of a cloned repository's .gitignore) against names
 *   of a's: a backtracking regular expression (picomatch's, and the one glob.ts compiled to before) takes time
 *   growing as n^7; printed per length. Lengths stop at 32 (picomatch takes about 30 s at 64 characters: a file
 *   name may have 255).
 *
 * Printed: matches per second (typical) or microseconds per match (adversarial) of each, and ours/picomatch. No
 * assertion on timing.
 */
import picomatch from 'picomatch';
import { unwrap } from '../src/base/result';
import { CompiledGlob, compileGlob, globMatches } from '../src/domain/search/glob';
import { compareThroughput } from './support/measure';
import { envNumber } from './support/stats';
import { formatRate, formatRatio, printTable } from './support/table';

const DIRS = Math.round(envNumber('BENCH_TREE_DIRS', 100));
const SUBDIRS = Math.round(envNumber('BENCH_TREE_SUBDIRS', 10));
const FILES = Math.round(envNumber('BENCH_TREE_FILES', 100));
const NODE_MODULES_FILES = Math.round(envNumber('BENCH_TREE_NODE_MODULES', 20_000));

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The tree of bench/tree.bench.ts as paths (directories too, as the search walk asks about them). */
function treePaths(): Array<{ path: string; isDirectory: boolean }> {
  const out: Array<{ path: string; isDirectory: boolean }> = [];
  for (let d = 0; d < DIRS; d++) {
    out.push({ path: `dir${pad(d, 3)}`, isDirectory: true });
    for (let s = 0; s < SUBDIRS; s++) {
      const dir = `dir${pad(d, 3)}/sub${pad(s, 2)}`;
      out.push({ path: dir, isDirectory: true });
      for (let f = 0; f < FILES; f++) out.push({ path: `${dir}/file${pad(f, 3)}.ts`, isDirectory: false });
    }
  }
  for (let i = 0; i < NODE_MODULES_FILES; i++) out.push({ path: `node_modules/package-${pad(i / 20, 4)}/lib/index${i % 20}.js`, isDirectory: false });
  return out;
}

interface Glob {
  source: string;
  braces: boolean;
}

/** An include, the user's excludes, the always-excluded names (search-scope.ts) and a .gitignore's lines. */
const TYPICAL: Glob[] = [
  { source: 'dir0*', braces: true },
  { source: '**/dir0*/**', braces: true },
  { source: '*.{map,log}', braces: true },
  { source: 'dir05*/sub0[1-3]/**', braces: true },
  { source: '.git', braces: true },
  { source: 'node_modules', braces: true },
  { source: '.~bullpen-*.tmp', braces: true },
  { source: 'dist/', braces: false },
  { source: '*.tsbuildinfo', braces: false },
  { source: '/coverage', braces: false },
  { source: 'sub07/file0?9.ts', braces: false },
];

/**
 * picomatch with .gitignore's reading of a glob: a trailing '/' for directories, a leading '/' or an inner one
 * anchors, and 'a/**' is what is inside a, not a itself (picomatch's 'a/**' matches 'a' too, so a second matcher
 * for 'a' takes it out).
 */
function picomatchGlob(glob: Glob): (path: string, isDirectory: boolean) => boolean {
  let pattern = glob.source;
  const directoryOnly = pattern.length > 1 && pattern.endsWith('/');
  while (pattern.length > 1 && pattern.endsWith('/')) pattern = pattern.slice(0, -1);
  const anchored = pattern.includes('/');
  if (pattern.startsWith('/')) pattern = pattern.slice(1);
  const options = { dot: true, noextglob: true, nonegate: true, nobrace: !glob.braces, basename: !anchored };
  const isMatch = picomatch(pattern, options);
  if (pattern.endsWith('/**')) {
    const isBase = picomatch(pattern.slice(0, -3), options);
    return (path, isDirectory) => (isDirectory || !directoryOnly) && isMatch(path) && !isBase(path);
  }
  return (path, isDirectory) => (isDirectory || !directoryOnly) && isMatch(path);
}

function typical(): string[] {
  const paths = treePaths();
  const ours: CompiledGlob[] = TYPICAL.map((g) => unwrap(compileGlob(g.source, { braces: g.braces })));
  const theirs = TYPICAL.map(picomatchGlob);
  for (let g = 0; g < TYPICAL.length; g++) {
    for (const { path, isDirectory } of paths) {
      if (globMatches(ours[g], path, isDirectory) !== theirs[g](path, isDirectory)) {
        throw new Error(`ours and picomatch disagree on ${TYPICAL[g].source} for ${path}`);
      }
    }
  }
  const calls = paths.length * TYPICAL.length;
  const rates = compareThroughput(
    {
      ours: () => {
        let sink = 0;
        for (const { path, isDirectory } of paths) for (const glob of ours) if (globMatches(glob, path, isDirectory)) sink++;
        return sink;
      },
      picomatch: () => {
        let sink = 0;
        for (const { path, isDirectory } of paths) for (const glob of theirs) if (glob(path, isDirectory)) sink++;
        return sink;
      },
    },
    { callsPerRound: calls, warmupRounds: 2, rounds: 7 },
  );
  return [
    `typical: ${TYPICAL.length} globs × ${paths.length.toLocaleString('en-US')} paths`,
    `${formatRate(rates.ours)} matches/s`,
    `${formatRate(rates.picomatch)} matches/s`,
    formatRatio(rates.ours / rates.picomatch),
  ];
}

function adversarial(length: number): string[] {
  const source = '*a*a*a*a*a*a*a*c*';
  const ours = unwrap(compileGlob(source, { braces: true }));
  const theirs = picomatchGlob({ source, braces: true });
  const path = `src/${'a'.repeat(length)}`;
  const time = (fn: () => boolean, repeat: number) => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < repeat; i++) if (fn()) throw new Error('the adversarial glob matched');
    return Number(process.hrtime.bigint() - started) / 1e6 / repeat;
  };
  time(() => globMatches(ours, path, false), 1000);
  const oursMs = time(() => globMatches(ours, path, false), 10_000);
  const theirsMs = time(() => theirs(path, false), 3);
  const µs = (ms: number) => `${(ms * 1000).toLocaleString('en-US', { maximumFractionDigits: ms < 0.01 ? 2 : 0 })} µs/match`;
  return [`adversarial: ${source} on ${length} a's`, µs(oursMs), µs(theirsMs), formatRatio(theirsMs / oursMs)];
}

export async function run(): Promise<void> {
  const rows = [typical(), ...[16, 20, 24, 28, 32].map(adversarial)];
  printTable(['workload', 'ours', 'picomatch', 'ours/picomatch (speed)'], rows);
  console.log('picomatch compiles to a backtracking regular expression: its adversarial time grows as n^7 (about 30 s at 64 characters)');
}
