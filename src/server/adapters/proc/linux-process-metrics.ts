import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ProcessMetrics } from '../../application/ports/process-metrics.port';
import { descendantsByRoot } from './proc-process-tree';

/** How long a directory's measured size is reused: walking a 100,000-file tree is not done per poll. */
export const STORAGE_CACHE_MS = 60_000;
const PAGE_SIZE = 4096;
const CLOCK_TICKS = 100;

/** ProcessMetrics from /proc (process tree, CPU ticks, resident pages) and statfs. */
export class LinuxProcessMetrics implements ProcessMetrics {
  private readonly sizes = new Map<string, { at: number; bytes: Promise<number> }>();

  async usage(rootPids: readonly number[]): Promise<{ cpuSeconds: number; rssBytes: number }> {
    const pids = new Set((await descendantsByRoot(rootPids)).keys());
    let ticks = 0;
    let pages = 0;
    await Promise.all(
      [...pids].map(async (pid) => {
        const stat = await fsp.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
        if (!stat) return;
        // Fields after the command name (which may hold spaces and parentheses): state is field 3.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
        pages += Number(fields[21]); // rss (field 24)
      }),
    );
    return { cpuSeconds: ticks / CLOCK_TICKS, rssBytes: pages * PAGE_SIZE };
  }

  async storage(dir: string): Promise<{ usedBytes: number; totalBytes: number }> {
    const fsStat = await fsp.statfs(dir);
    let cached = this.sizes.get(dir);
    if (!cached || Date.now() - cached.at > STORAGE_CACHE_MS) {
      cached = { at: Date.now(), bytes: directorySize(dir) };
      this.sizes.set(dir, cached);
    }
    return { usedBytes: await cached.bytes, totalBytes: fsStat.blocks * fsStat.bsize };
  }

  machine(): { cores: number; memoryBytes: number } {
    return { cores: os.availableParallelism(), memoryBytes: os.totalmem() };
  }
}

/** Bytes allocated to the files under `dir` (symlinks not followed). */
async function directorySize(dir: string): Promise<number> {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const entries = await fsp.readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      const stat = await fsp.lstat(full).catch(() => undefined);
      if (stat) total += stat.blocks * 512;
    }
  }
  return total;
}
