import { ChildProcess } from 'node:child_process';

/** Asks a benchmark's server child to stop over IPC, and kills it when it has not exited within 5 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.send('stop');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
