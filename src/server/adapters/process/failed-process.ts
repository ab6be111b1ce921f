import { Emitter } from '../../../base/event';
import { PipedProcess } from '../../application/ports/process-runtime.port';

/**
 * A process that never started: once the caller has subscribed (next turn of the event loop), it writes `reason`
 * to stderr and exits with `exitCode`. Callers of `ProcessRuntime.spawn` handle one like any failed program.
 */
export function failedProcess(reason: string, exitCode: number): PipedProcess {
  const stdout = new Emitter<Uint8Array>();
  const stderr = new Emitter<Uint8Array>();
  const exit = new Emitter<{ exitCode: number | null; signal: string | null }>();
  setImmediate(() => {
    stderr.fire(Buffer.from(`${reason}\n`));
    exit.fire({ exitCode, signal: null });
  });
  return {
    pid: -1,
    onStdout: stdout.event,
    onStderr: stderr.event,
    onExit: exit.event,
    write: () => undefined,
    end: () => undefined,
    kill: () => undefined,
  };
}
