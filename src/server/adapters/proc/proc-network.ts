import { promises as fsp } from 'node:fs';

/**
 * A network namespace as /proc shows it: `key` tells namespaces apart, `procNet` is where its socket tables are
 * (`/proc/net` for the server's own, `/proc/<pid>/net` of a process inside another one, ADR 0013).
 */
export interface ProcNetwork {
  key: string;
  procNet: string;
}

export const HOST_NETWORK: ProcNetwork = { key: 'host', procNet: '/proc/net' };

let ownNamespace: Promise<string | undefined> | undefined;

/** The network namespace `pid` is in; HOST_NETWORK when it is the server's own; undefined when the pid is gone. */
export async function networkOfPid(pid: number): Promise<ProcNetwork | undefined> {
  ownNamespace ??= fsp.readlink('/proc/self/ns/net').catch(() => undefined);
  const [namespace, own] = await Promise.all([fsp.readlink(`/proc/${pid}/ns/net`).catch(() => undefined), ownNamespace]);
  if (namespace === undefined) return undefined;
  return namespace === own ? HOST_NETWORK : { key: namespace, procNet: `/proc/${pid}/net` };
}

/** Groups pids by the network namespace they are in (pids that are gone are left out). */
export async function pidsByNetwork(pids: readonly number[], networkOf = networkOfPid): Promise<Array<{ network: ProcNetwork; pids: number[] }>> {
  const groups = new Map<string, { network: ProcNetwork; pids: number[] }>();
  const networks = await Promise.all(pids.map((pid) => networkOf(pid)));
  pids.forEach((pid, i) => {
    const network = networks[i];
    if (network === undefined) return;
    const group = groups.get(network.key);
    if (group) group.pids.push(pid);
    else groups.set(network.key, { network, pids: [pid] });
  });
  return [...groups.values()];
}
