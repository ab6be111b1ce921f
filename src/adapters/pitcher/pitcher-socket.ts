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

/**
 * Reconnect policy of spec 002 §9 (src/domain/connection/retry-policy.ts): 500 ms base delay doubling up to 10 s.
 * The socket keeps retrying until told to close; the connection machine decides when a phase gave up.
 */
export const reconnectingSocketFactory: PitcherSocketFactory = (url) => {
  const socket = new ReconnectingWebSocket(url, [], {
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
