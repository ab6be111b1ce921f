import { LaunchLimits } from './resource-limits';

/** The launcher's $0 (shows in `ps` until it execs bubblewrap). */
export const LAUNCHER_NAME = 'bullpen-sandbox';

/**
 * How a sandboxed process starts: a tiny /bin/sh that enters the workspace's cgroups (writing its own pid, so
 * nothing forks outside them), then execs bubblewrap (through prlimit when rlimits are the fallback). The pid the caller gets is that
 * of bubblewrap itself (exec keeps it), and every process of the sandbox is its descendant.
 */
export function launchCommand(bwrap: string, bwrapArgs: readonly string[], limits: LaunchLimits): { file: string; args: string[] } {
  const lines: string[] = [];
  for (const procs of limits.cgroupProcs) lines.push(`echo $$ > ${shellQuote(procs)} || exit 126`);
  const rlimits = limits.rlimits;
  const options: string[] = [];
  if (rlimits?.processes !== undefined) options.push(`--nproc=${Math.floor(rlimits.processes)}:${Math.floor(rlimits.processes)}`);
  if (rlimits?.addressSpaceBytes !== undefined) options.push(`--as=${Math.floor(rlimits.addressSpaceBytes)}:${Math.floor(rlimits.addressSpaceBytes)}`);
  lines.push(rlimits && options.length > 0 ? `exec ${shellQuote(rlimits.prlimit)} ${options.join(' ')} -- "$@"` : 'exec "$@"');
  return { file: '/bin/sh', args: ['-c', lines.join('\n'), LAUNCHER_NAME, bwrap, ...bwrapArgs] };
}

/** One shell word: single-quoted, with single quotes spelled '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
