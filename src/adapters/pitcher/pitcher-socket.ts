import ReconnectingWebSocket from 'reconnecting-websocket';

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

/** Reconnect policy of spec 002 §9: 500 ms base delay growing to 10 s. */
export const reconnectingSocketFactory: PitcherSocketFactory = (url) => {
  const socket = new ReconnectingWebSocket(url, [], {
    minReconnectionDelay: 500,
    maxReconnectionDelay: 10_000,
    reconnectionDelayGrowFactor: 1.5,
    connectionTimeout: 10_000,
    maxRetries: Infinity,
  });
  socket.binaryType = 'arraybuffer';
  return socket as unknown as PitcherSocket;
};

export const OPEN = 1;
