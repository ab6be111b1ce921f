import { ChildProcess } from 'node:child_process';

/**
 * Sends `signal` to a child_process child, but only to a process that was started and has not been reaped. A child
 * whose spawn failed (ENOENT for a missing working directory, EACCES, EAGAIN, EMFILE) keeps its handle with pid 0
 * until Node reports the error on the next tick; `child.kill()` in that moment calls kill(0, signal), which signals
 * the server's whole process group: the server itself and whatever started it (a test runner, a CI script).
 */
export function signalChild(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.pid <= 0 || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
}
