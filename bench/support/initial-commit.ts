import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { sleep } from './stats';

/** How long a benchmark waits for a workspace's first commit before it goes on without it. */
const INITIAL_COMMIT_TIMEOUT_MS = 180_000;
const POLL_MS = 250;

/**
 * A workspace's first start makes its files a git repository and commits all of them (git-init.ts), in the
 * background after the first client/join: on a large workspace (100,000 files, a 200 MB log) that is seconds of CPU
 * and disk, which a benchmark's timings must not overlap (it would count against whichever side ran meanwhile).
 * Resolves true once the repository has its first commit, false when none came within the time-out.
 */
export async function initialCommitDone(filesDir: string, timeoutMs = INITIAL_COMMIT_TIMEOUT_MS): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await hasCommit(filesDir)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
}

function hasCommit(dir: string): Promise<boolean> {
  return new Promise((resolve) => {
    // --git-dir: only this repository, never one git would find in a parent directory.
    const child = spawn('git', ['--git-dir', path.join(dir, '.git'), 'rev-parse', '--verify', '--quiet', 'HEAD'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}
