import { DISPOSE_GRACE_MS } from './application/workspace/workspace-registry';

/**
 * How long a stop (Ctrl+C, SIGTERM) may take before the process exits anyway: every workspace gets DISPOSE_GRACE_MS
 * to write the saves under way and record them in its journal, then the listeners close.
 */
export const STOP_DEADLINE_MS = DISPOSE_GRACE_MS + 5_000;

/** What stopping needs of the process. */
export interface StopHost {
  onSignal(signal: 'SIGINT' | 'SIGTERM', listener: () => void): void;
  exit(code: number): void;
  log(message: string): void;
}

/**
 * The first SIGINT or SIGTERM closes the server and exits once it closed (1 when closing failed or passed the
 * deadline). Later signals start nothing more: `npm start` forwards the signal the terminal already sent to the
 * whole process group, so the server gets two at once.
 */
export function stopOnSignals(close: () => Promise<void>, host: StopHost, deadlineMs = STOP_DEADLINE_MS): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    host.log(`Bullpen is stopping (${signal})`);
    const deadline = setTimeout(() => {
      host.log(`Bullpen did not stop within ${deadlineMs / 1000} s; it exits without waiting further`);
      host.exit(1);
    }, deadlineMs);
    deadline.unref?.();
    close().then(
      () => host.exit(0),
      (error: Error) => {
        host.log(`Bullpen could not stop cleanly: ${error.message}`);
        host.exit(1);
      },
    );
  };
  host.onSignal('SIGINT', () => stop('SIGINT'));
  host.onSignal('SIGTERM', () => stop('SIGTERM'));
}
