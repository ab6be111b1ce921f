import { spawnSync } from 'node:child_process';
import { accessSync, constants, lstatSync, readlinkSync } from 'node:fs';
import * as path from 'node:path';
import { RootEntry, bwrapArguments } from './bwrap-arguments';

export type BwrapProbe = { ok: true; bwrap: string } | { ok: false; installed: boolean; reason: string };

/** The top-level directories beside /usr a program may need. */
const ROOT_DIRECTORIES = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/** How /bin, /lib… look here: symlinks into /usr (merged /usr, as on Debian) are recreated, directories bound. */
export function hostRootEntries(): RootEntry[] {
  const entries: RootEntry[] = [];
  for (const dir of ROOT_DIRECTORIES) {
    try {
      const stat = lstatSync(dir);
      if (stat.isSymbolicLink()) entries.push({ path: dir, symlinkTo: readlinkSync(dir) });
      else if (stat.isDirectory()) entries.push({ path: dir, bind: true });
    } catch {
      /* not on this system */
    }
  }
  return entries;
}

/** The first executable `name` on PATH. */
export function findExecutable(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  return undefined;
}

/**
 * Whether bubblewrap is installed and really works here: runs `true` in a sandbox built like a workspace's (user,
 * pid, ipc, uts and cgroup namespaces). Inside a container without user namespaces it fails, and says why.
 */
export function probeBubblewrap(rootEntries: readonly RootEntry[], bwrap: string | undefined): BwrapProbe {
  if (bwrap === undefined) return { ok: false, installed: false, reason: 'bubblewrap (bwrap) is not installed' };
  const args = bwrapArguments({
    rootEntries,
    generatedEtc: [],
    readOnly: [],
    writable: [],
    hostname: 'probe',
    cwd: undefined,
    newSession: true,
    command: ['true'],
  });
  const result = spawnSync(bwrap, args, { env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error) return { ok: false, installed: true, reason: `${bwrap} could not run: ${result.error.message}` };
  if (result.status !== 0) {
    const why = (result.stderr || '').trim().split('\n')[0] || `exit ${result.status ?? result.signal}`;
    return { ok: false, installed: true, reason: `${bwrap} does not work here: ${why}` };
  }
  return { ok: true, bwrap };
}
