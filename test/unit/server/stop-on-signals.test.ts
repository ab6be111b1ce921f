import { STOP_DEADLINE_MS, StopHost, stopOnSignals } from '../../../src/server/stop-on-signals';

/** A process in miniature: signals are sent by the test; exits and log lines are recorded. */
function fakeHost(): StopHost & { send(signal: 'SIGINT' | 'SIGTERM'): void; exits: number[]; lines: string[] } {
  const listeners = new Map<string, () => void>();
  const exits: number[] = [];
  const lines: string[] = [];
  return {
    onSignal: (signal, listener) => listeners.set(signal, listener),
    exit: (code) => exits.push(code),
    log: (message) => lines.push(message),
    send: (signal) => listeners.get(signal)!(),
    exits,
    lines,
  };
}

/** A close the test ends. */
function heldClose() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const close = jest.fn(() => new Promise<void>((resolve, reject) => ((finish = resolve), (fail = reject))));
  return { close, finish: () => finish(), fail: (error: Error) => fail(error) };
}

const settle = () => Promise.resolve().then(() => undefined);

describe('stopOnSignals', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits for a slow close (saves still being written) well past the old 3 s, then exits 0', async () => {
    const host = fakeHost();
    const held = heldClose();
    stopOnSignals(held.close, host);
    host.send('SIGTERM');
    expect(host.lines).toEqual(['Bullpen is stopping (SIGTERM)']);
    jest.advanceTimersByTime(12_000);
    await settle();
    expect(host.exits).toEqual([]);
    held.finish();
    await settle();
    expect(host.exits).toEqual([0]);
  });

  it('a second signal (npm start forwards the one the terminal sent) starts no second close', async () => {
    const host = fakeHost();
    const held = heldClose();
    stopOnSignals(held.close, host);
    host.send('SIGINT');
    host.send('SIGINT');
    host.send('SIGTERM');
    expect(held.close).toHaveBeenCalledTimes(1);
    held.finish();
    await settle();
    expect(host.exits).toEqual([0]);
  });

  it('exits 1 when the close has not ended by the deadline, which is past every workspace grace', async () => {
    const host = fakeHost();
    const held = heldClose();
    stopOnSignals(held.close, host);
    host.send('SIGINT');
    jest.advanceTimersByTime(STOP_DEADLINE_MS - 1);
    expect(host.exits).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(host.exits).toEqual([1]);
    expect(host.lines[1]).toBe(`Bullpen did not stop within ${STOP_DEADLINE_MS / 1000} s; it exits without waiting further`);
    expect(STOP_DEADLINE_MS).toBeGreaterThan(10_000);
  });

  it('exits 1 and says why when closing fails', async () => {
    const host = fakeHost();
    const held = heldClose();
    stopOnSignals(held.close, host);
    host.send('SIGTERM');
    held.fail(new Error('journal not writable'));
    await settle();
    await settle();
    expect(host.exits).toEqual([1]);
    expect(host.lines).toContain('Bullpen could not stop cleanly: journal not writable');
  });
});
