import { hostname, networkInterfaces } from 'node:os';
import { MachineNames } from '../../application/access/network-access';

/** The names this machine answers to on all interfaces: its interface addresses and its host name. */
export function machineNames(): MachineNames {
  const addresses = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((info) => info.address);
  let name: string | undefined;
  try {
    name = hostname().toLowerCase() || undefined;
  } catch {
    name = undefined;
  }
  return { addresses, hostname: name };
}
