import * as path from 'node:path';

/**
 * Where the server's own cgroups are, from /proc/self/cgroup and /proc/self/mountinfo (pure parsing). Workspace
 * cgroups are created below the server's own, so they nest inside whatever limits the server already runs under.
 */
export type CgroupLayout =
  /** cgroup v1: one hierarchy per controller; the server's directory in each. */
  | { version: 1; pids: string; memory: string; cpu: string | undefined }
  /** cgroup v2 (unified): the server's directory. */
  | { version: 2; dir: string };

interface Mount {
  root: string;
  mountPoint: string;
  fsType: string;
  superOptions: string[];
}

export function cgroupLayout(procSelfCgroup: string, mountinfo: string): CgroupLayout | undefined {
  const mounts = parseMountinfo(mountinfo);
  const memberships = procSelfCgroup
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const first = line.indexOf(':');
      const second = line.indexOf(':', first + 1);
      return { controllers: line.slice(first + 1, second).split(',').filter(Boolean), path: line.slice(second + 1) };
    });
  const v1Dir = (controller: string): string | undefined => {
    const membership = memberships.find((m) => m.controllers.includes(controller));
    const mount = mounts.find((m) => m.fsType === 'cgroup' && m.superOptions.includes(controller));
    return membership && mount ? directoryIn(mount, membership.path) : undefined;
  };
  const pids = v1Dir('pids');
  const memory = v1Dir('memory');
  if (pids !== undefined && memory !== undefined) return { version: 1, pids, memory, cpu: v1Dir('cpu') };
  const unified = memberships.find((m) => m.controllers.length === 0);
  const mount2 = mounts.find((m) => m.fsType === 'cgroup2');
  const dir = unified && mount2 ? directoryIn(mount2, unified.path) : undefined;
  return dir === undefined ? undefined : { version: 2, dir };
}

/** The directory of a cgroup path in a mount of its hierarchy; undefined when the mount does not reach it. */
function directoryIn(mount: Mount, cgroupPath: string): string | undefined {
  const root = mount.root === '/' ? '' : mount.root;
  if (root !== '' && cgroupPath !== root && !cgroupPath.startsWith(`${root}/`)) return undefined;
  const dir = path.join(mount.mountPoint, cgroupPath.slice(root.length));
  return dir.length > 1 ? dir.replace(/\/+$/, '') : dir;
}

function parseMountinfo(text: string): Mount[] {
  const mounts: Mount[] = [];
  for (const line of text.split('\n')) {
    const separator = line.indexOf(' - ');
    if (separator < 0) continue;
    const before = line.slice(0, separator).split(' ');
    const after = line.slice(separator + 3).split(' ');
    if (before.length < 5 || after.length < 3) continue;
    mounts.push({ root: unescape(before[3]), mountPoint: unescape(before[4]), fsType: after[0], superOptions: after[2].split(',') });
  }
  return mounts;
}

/** mountinfo escapes space, tab, newline and backslash as octal (\040). */
const unescape = (field: string): string => field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
