import { LaunchLimits } from './resource-limits';

/** The launcher's $0 (shows in `ps` until it execs bubblewrap). */
export const LAUNCHER_NAME = 'bullpen-sandbox';

/**
 * Every descriptor but standard input, output and error is closed: the server's own descriptors are not all
 * close-on-exec (node-pty's terminal masters are not), and bubblewrap hands whatever it inherits to the sandboxed
 * program, which could then read and type into any other workspace's terminal. Bash, because dash's redirections
 * cannot name a descriptor above 9.
 */
const CLOSE_INHERITED_FDS = closeInheritedFdsAbove(2);

/** A bash line that closes every descriptor above `highest` (helpers that get more pipes keep theirs). */
export function closeInheritedFdsAbove(highest: number): string {
  return `for fd in /proc/self/fd/*; do fd=\${fd##*/}; if [ "$fd" -gt ${highest} ]; then eval "exec $fd>&-"; fi; done`;
}

/**
 * How a sandboxed process starts: a tiny bash that closes every inherited descriptor above 2, enters the
 * workspace's cgroups (writing its own pid, so
 * nothing forks outside them), then execs bubblewrap (through prlimit when rlimits are the fallback). The pid the caller gets is that
 * of bubblewrap itself (exec keeps it), and every process of the sandbox is its descendant.
 */
export function launchCommand(
  bwrap: string,
  bwrapArgs: readonly string[],
  limits: LaunchLimits,
  network?: NetworkJoin,
): { file: string; args: string[] } {
  const lines: string[] = [CLOSE_INHERITED_FDS];
  for (const procs of limits.cgroupProcs) lines.push(`echo $$ > ${shellQuote(procs)} || exit 126`);
  const rlimits = limits.rlimits;
  const options: string[] = [];
  if (rlimits?.processes !== undefined) options.push(`--nproc=${Math.floor(rlimits.processes)}:${Math.floor(rlimits.processes)}`);
  if (rlimits?.addressSpaceBytes !== undefined) options.push(`--as=${Math.floor(rlimits.addressSpaceBytes)}:${Math.floor(rlimits.addressSpaceBytes)}`);
  const prefix: string[] = [];
  if (rlimits && options.length > 0) prefix.push(shellQuote(rlimits.prlimit), ...options, '--');
  if (network !== undefined) {
    lines.push(...joinNetworkLines(network));
    prefix.push(shellQuote(network.nsenter), '--target', '"$holder"', '--user', '--net', '--preserve-credentials', '--');
  }
  lines.push(`exec ${[...prefix, '"$@"'].join(' ')}`);
  return { file: '/bin/bash', args: ['-c', lines.join('\n'), LAUNCHER_NAME, bwrap, ...bwrapArgs] };
}

/** Where a launched process finds its workspace's network namespace (ADR 0013). */
export interface NetworkJoin {
  /** Absolute path of nsenter. */
  nsenter: string;
  /** The file the network's holder is named in, `<pid> net:[<inode>]`, written once its namespace is ready. */
  holderFile: string;
  /** How long to wait for that file (the holder is starting), in seconds. */
  waitSeconds: number;
}

export const NETWORK_NOT_READY = 'Bullpen could not start the network of this workspace; see the server log';

/**
 * Waits for the holder file, then checks that the pid in it is still the holder (its network namespace is the one
 * named there: a pid reused by another process is refused) before nsenter joins its user and network namespaces.
 */
function joinNetworkLines(network: NetworkJoin): string[] {
  const file = shellQuote(network.holderFile);
  const tries = Math.max(1, Math.round(network.waitSeconds * 100));
  const fail = `{ echo ${shellQuote(NETWORK_NOT_READY)} >&2; exit 126; }`;
  return [
    `n=0; until [ -s ${file} ]; do n=$((n+1)); [ "$n" -gt ${tries} ] && ${fail}; sleep 0.01; done`,
    `read -r holder namespace < ${file} || ${fail}`,
    `case "$holder" in ''|*[!0-9]*) ${fail};; esac`,
    `[ "$(readlink /proc/"$holder"/ns/net 2>/dev/null)" = "$namespace" ] || ${fail}`,
  ];
}

/** One shell word: single-quoted, with single quotes spelled '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
