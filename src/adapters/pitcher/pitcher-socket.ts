import ReconnectingWebSocket from 'reconnecting-websocket';
import { RECONNECT_POLICY, RETRY_GROWTH_FACTOR } from '../../domain/connection/retry-policy';
import { earlySocketAware } from './early-socket';

/** The slice of a (reconnecting) WebSocket the pitcher client uses; tests pass a fake. */
export interface PitcherSocket {
  binaryType: string;
  readonly readyState: number;
  send(data: Uint8Array | string): void;
  close(code?: number, reason?: string): void;
  reconnect(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string; wasClean: boolean }) => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** The socket asks for its URL before every connection attempt: a reconnect may first mint a new token. */
export type PitcherSocketFactory = (url: () => Promise<string>) => PitcherSocket;

/** reconnecting-websocket's internals that FirstAttemptAtOnce changes (checked by pitcher-socket.test.ts). */
export interface ReconnectingWebSocketInternals {
  /** -1 before the first attempt; incremented before each attempt waits. */
  _retryCount: number;
  /** Waits the attempt's delay: a timer, `setTimeout(resolve, 0)` even for the first attempt. */
  _wait(): Promise<void>;
}

/**
 * reconnecting-websocket whose first attempt (of the page, or after `reconnect()`) does not wait for a timer task.
 * With one, the client's join waited behind whatever long task came first, Monaco's chunk evaluating (about 0.3 s) or
 * React's first render (bench/first-load). Retries after a failure keep their delays.
 */
export class FirstAttemptAtOnce extends ReconnectingWebSocket {}
const waitOfLibrary = (ReconnectingWebSocket.prototype as unknown as ReconnectingWebSocketInternals)._wait;
(FirstAttemptAtOnce.prototype as unknown as ReconnectingWebSocketInternals)._wait = function (this: ReconnectingWebSocketInternals) {
  return this._retryCount === 0 ? Promise.resolve() : waitOfLibrary.call(this);
};

/**
 * Reconnect policy of spec 002 §9 (src/domain/connection/retry-policy.ts): 500 ms base delay doubling up to 10 s.
 * The socket keeps retrying until told to close; the connection machine decides when a phase gave up.
 */
export const reconnectingSocketFactory: PitcherSocketFactory = (url) => {
  const socket = new FirstAttemptAtOnce(url, [], {
    minReconnectionDelay: RECONNECT_POLICY.baseDelayMs,
    maxReconnectionDelay: RECONNECT_POLICY.maxMs,
    reconnectionDelayGrowFactor: RETRY_GROWTH_FACTOR,
    connectionTimeout: 10_000,
    maxRetries: Infinity,
    // The first connection adopts the socket the boot script opened for the same URL (early-socket.ts).
    ...(typeof WebSocket === 'undefined' ? {} : { WebSocket: earlySocketAware(WebSocket) }),
  });
  socket.binaryType = 'arraybuffer';
  return socket as unknown as PitcherSocket;
};

export const OPEN = 1;
