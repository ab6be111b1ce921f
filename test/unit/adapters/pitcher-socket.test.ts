import ReconnectingWebSocket from 'reconnecting-websocket';
import { FirstAttemptAtOnce, ReconnectingWebSocketInternals } from '../../../src/adapters/pitcher/pitcher-socket';
import { FakeWebSocket as FakeSocket } from './support/fake-web-socket';

/** Lets every pending microtask (promise callback) run, without running any timer. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe('the workspace socket’s reconnecting-websocket', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  const options = { WebSocket: FakeSocket, minReconnectionDelay: 500, maxReconnectionDelay: 10_000, reconnectionDelayGrowFactor: 2, connectionTimeout: 10_000, maxRetries: Infinity };

  it('makes its first attempt without waiting for a timer task, and retries after the policy’s delay', async () => {
    const socket = new FirstAttemptAtOnce('ws://h/p', [], options);
    await microtasks();
    expect(FakeSocket.made.map((s) => s.url)).toEqual(['ws://h/p']);
    FakeSocket.made[0].fail();
    await microtasks();
    expect(FakeSocket.made).toHaveLength(1);
    jest.advanceTimersByTime(499);
    await microtasks();
    expect(FakeSocket.made).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await microtasks();
    expect(FakeSocket.made).toHaveLength(2);
    socket.close();
  });

  it('makes the first attempt after reconnect() at once too', async () => {
    const socket = new FirstAttemptAtOnce('ws://h/p', [], options);
    await microtasks();
    socket.reconnect();
    await microtasks();
    expect(FakeSocket.made).toHaveLength(2);
    socket.close();
  });

  it('relies on internals reconnecting-websocket still has (an upgrade that renames them fails here)', () => {
    const internals = ReconnectingWebSocket.prototype as unknown as ReconnectingWebSocketInternals;
    expect(typeof internals._wait).toBe('function');
    const socket = new ReconnectingWebSocket('ws://h/p', [], { ...options, startClosed: true });
    expect((socket as unknown as ReconnectingWebSocketInternals)._retryCount).toBe(-1);
  });
});
