import { promises as fsp } from 'node:fs';

/**
 * Every process descending from the given pids, mapped to the root it descends from, read from /proc on the host
 * (so processes inside a pid namespace, such as bubblewrap's, are seen by their host pids). Uses
 * /proc/<pid>/task/<tid>/children where the kernel offers it, else one pass over every /proc/<pid>/stat.
 */
export async function descendantsByRoot(rootPids: readonly number[]): Promise<Map<number, number>> {
  const roots = rootPids.filter((p) => Number.isInteger(p) && p > 0);
  const owner = new Map<number, number>(roots.map((p) => [p, p]));
  if (roots.length === 0) return owner;
  const childrenOf = (await hasChildrenFiles(roots[0])) ? childrenFromTasks : await childrenFromStat();
  const queue = [...roots];
  while (queue.length > 0) {
    const batch = queue.splice(0, queue.length);
    const lists = await Promise.all(batch.map(async (pid) => ({ pid, children: await childrenOf(pid) })));
    for (const { pid, children } of lists) {
      for (const child of children) {
        if (owner.has(child)) continue;
        owner.set(child, owner.get(pid)!);
        queue.push(child);
      }
    }
  }
  return owner;
}

async function hasChildrenFiles(pid: number): Promise<boolean> {
  try {
    await fsp.access(`/proc/${pid}/task/${pid}/children`);
    return true;
  } catch (error) {
    // A root that already exited says nothing about the kernel: assume the usual (CONFIG_PROC_CHILDREN).
    return (error as NodeJS.ErrnoException).code !== 'ENOENT' || !(await exists(`/proc/${pid}`));
  }
}

async function exists(path: string): Promise<boolean> {
  return fsp.access(path).then(
    () => true,
    () => false,
  );
}

/** The children of every thread of a process. */
async function childrenFromTasks(pid: number): Promise<number[]> {
  const tids = await fsp.readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const lists = await Promise.all(tids.map((tid) => fsp.readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')));
  return lists.flatMap((text) => text.split(' ').filter((s) => s !== '').map(Number));
}

/** Reads every process's parent once and answers from that. */
async function childrenFromStat(): Promise<(pid: number) => Promise<number[]>> {
  const children = new Map<number, number[]>();
  const entries = await fsp.readdir('/proc').catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((e) => /^\d+$/.test(e))
      .map(async (e) => {
        const stat = await fsp.readFile(`/proc/${e}/stat`, 'utf8').catch(() => undefined);
        if (!stat) return;
        // The command name (field 2) may hold spaces and parentheses: the parent pid is the second field after it.
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const list = children.get(ppid) ?? [];
        list.push(Number(e));
        children.set(ppid, list);
      }),
  );
  return async (pid) => children.get(pid) ?? [];
}
