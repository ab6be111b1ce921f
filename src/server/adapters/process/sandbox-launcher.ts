import { LaunchLimits } from './resource-limits';

/** The launcher's $0 (shows in `ps` until it execs bubblewrap). */
export const LAUNCHER_NAME = 'bullpen-sandbox';

/**
 * Every descriptor but standard input, output and error is closed: the server's own descriptors are not all
 * close-on-exec (node-pty's terminal masters are not), and bubblewrap hands whatever it inherits to the sandboxed
 * program, which could then read and type into any other workspace's terminal. Bash, because dash's redirections
 * cannot name a descriptor above 9.
 */
const CLOSE_INHERITED_FDS = 'for fd in /proc/self/fd/*; do fd=${fd##*/}; if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi; done';

/**
 * How a sandboxed process starts: a tiny bash that closes every inherited descriptor above 2, enters the
 * workspace's cgroups (writing its own pid, so
 * nothing forks outside them), then execs bubblewrap (through prlimit when rlimits are the fallback). The pid the caller gets is that
 * of bubblewrap itself (exec keeps it), and every process of the sandbox is its descendant.
 */
export function launchCommand(bwrap: string, bwrapArgs: readonly string[], limits: LaunchLimits): { file: string; args: string[] } {
  const lines: string[] = [CLOSE_INHERITED_FDS];
  for (const procs of limits.cgroupProcs) lines.push(`echo $$ > ${shellQuote(procs)} || exit 126`);
  const rlimits = limits.rlimits;
  const options: string[] = [];
  if (rlimits?.processes !== undefined) options.push(`--nproc=${Math.floor(rlimits.processes)}:${Math.floor(rlimits.processes)}`);
  if (rlimits?.addressSpaceBytes !== undefined) options.push(`--as=${Math.floor(rlimits.addressSpaceBytes)}:${Math.floor(rlimits.addressSpaceBytes)}`);
  lines.push(rlimits && options.length > 0 ? `exec ${shellQuote(rlimits.prlimit)} ${options.join(' ')} -- "$@"` : 'exec "$@"');
  return { file: '/bin/bash', args: ['-c', lines.join('\n'), LAUNCHER_NAME, bwrap, ...bwrapArgs] };
}

/** One shell word: single-quoted, with single quotes spelled '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
