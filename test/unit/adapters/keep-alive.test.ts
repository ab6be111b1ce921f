import { KeepAlive } from '../../../src/adapters/pitcher/keep-alive';
import { FOCUS_PING_TIMEOUT_MS, PING_INTERVAL_MS, PONG_NOT_DETECTED_REASON, PONG_TIMEOUT_BEFORE_JOIN_MS, PONG_TIMEOUT_MS } from '../../../src/domain/connection';
import { FakePitcherSocket } from './support/fake-pitcher-socket';

/** Pong detection's timers: a ping after a silent interval, the socket dropped when nothing answers. */
describe('KeepAlive', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setUp(joined = true) {
    const socket = new FakePitcherSocket(async () => 'ws://x');
    socket.readyState = 1;
    let current: FakePitcherSocket | undefined = socket;
    const keepAlive = new KeepAlive(
      () => current,
      () => joined,
    );
    return { socket, keepAlive, replaceSocket: () => (current = undefined) };
  }

  it('pings after a silent interval and drops the socket when no frame comes within the pong time-out', () => {
    const { socket, keepAlive } = setUp();
    keepAlive.opened();
    keepAlive.start();
    jest.advanceTimersByTime(PING_INTERVAL_MS);
    expect(socket.pings).toHaveLength(1);
    jest.advanceTimersByTime(PONG_TIMEOUT_MS - 1);
    expect(socket.reconnects).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(socket.reconnects).toEqual([[4000, PONG_NOT_DETECTED_REASON]]);
    keepAlive.stop();
  });

  it('waits longer for the pong before the join', () => {
    const { socket, keepAlive } = setUp(false);
    keepAlive.start();
    jest.advanceTimersByTime(PING_INTERVAL_MS);
    jest.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(socket.reconnects).toEqual([]);
    jest.advanceTimersByTime(PONG_TIMEOUT_BEFORE_JOIN_MS - PONG_TIMEOUT_MS);
    expect(socket.reconnects).toHaveLength(1);
    keepAlive.stop();
  });

  it('any frame answers the ping; frames keep the connection from being pinged at all', () => {
    const { socket, keepAlive } = setUp();
    keepAlive.start();
    jest.advanceTimersByTime(PING_INTERVAL_MS);
    expect(socket.pings).toHaveLength(1);
    keepAlive.heard();
    jest.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(socket.reconnects).toEqual([]);
    keepAlive.heard();
    for (let i = 0; i < 5; i++) {
      jest.advanceTimersByTime(PING_INTERVAL_MS / 2);
      keepAlive.heard();
    }
    expect(socket.pings).toHaveLength(1);
    keepAlive.stop();
  });

  it('a focus ping has its own time-out, one ping at a time, never on a socket that is not open or was replaced', () => {
    const { socket, keepAlive, replaceSocket } = setUp();
    keepAlive.ping(FOCUS_PING_TIMEOUT_MS);
    keepAlive.ping(FOCUS_PING_TIMEOUT_MS);
    expect(socket.pings).toHaveLength(1);
    jest.advanceTimersByTime(FOCUS_PING_TIMEOUT_MS);
    expect(socket.reconnects).toHaveLength(1);
    keepAlive.ping(FOCUS_PING_TIMEOUT_MS);
    replaceSocket();
    jest.advanceTimersByTime(FOCUS_PING_TIMEOUT_MS);
    expect(socket.reconnects).toHaveLength(1); // the old socket is left alone
    socket.readyState = 3;
    keepAlive.ping(FOCUS_PING_TIMEOUT_MS);
    expect(socket.pings).toHaveLength(2);
  });

  it('stops: no pings and no pending drop after stop', () => {
    const { socket, keepAlive } = setUp();
    keepAlive.start();
    jest.advanceTimersByTime(PING_INTERVAL_MS);
    keepAlive.stop();
    jest.advanceTimersByTime(PING_INTERVAL_MS * 3);
    expect(socket.pings).toHaveLength(1);
    expect(socket.reconnects).toEqual([]);
  });
});
