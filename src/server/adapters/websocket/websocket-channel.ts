import { WebSocket } from 'ws';
import { Emitter, Event } from '../../../base/event';
import { Disposable } from '../../../base/lifecycle';
import { CLIENT_TOO_SLOW_CLOSE, ClientChannel, DRAIN_LOW_WATER_BYTES } from '../../application/workspace/client-session';

export interface WebSocketChannelOptions {
  /** How often the server pings. */
  pingIntervalMs: number;
  /** No pong or other frame from the client for this long: the connection is dead and is terminated. */
  pongTimeoutMs: number;
  /** onDidDrain fires when the unsent bytes fall below this (at most DRAIN_LOW_WATER_BYTES). */
  lowWaterBytes: number;
  /** A send that would make the unsent bytes exceed this closes the connection instead (the last safety net). */
  maxBufferedBytes: number;
  /** A closing handshake the peer does not complete within this time ends with the socket destroyed. */
  closeGraceMs: number;
}

export const WEBSOCKET_CHANNEL_OPTIONS: WebSocketChannelOptions = {
  pingIntervalMs: 5_000,
  /** Spec 002 §9: pong detection time-out 15 s. */
  pongTimeoutMs: 15_000,
  lowWaterBytes: DRAIN_LOW_WATER_BYTES,
  maxBufferedBytes: 64 * 1024 * 1024,
  closeGraceMs: 2_000,
};

/** While the unsent bytes are above the low-water mark, how often they are looked at again to signal the drain. */
const DRAIN_POLL_MS = 10;

/**
 * A `ws` socket as a ClientChannel: reports the bytes handed to the socket and not yet flushed (ws's bufferedAmount,
 * read on demand so a send costs nothing extra), signals when they drain (looked at every few milliseconds only while
 * they are above the low-water mark), and keeps the connection honest with pings — a client that answers nothing
 * within the pong time-out is terminated. It only listens to the socket: whoever accepted it still reads the frames
 * (and answers text frames, protocol.md §1.5); every incoming frame counts as a sign of life.
 */
export class WebSocketChannel implements ClientChannel, Disposable {
  private drainPoll: ReturnType<typeof setTimeout> | undefined;
  private lastHeardAt = Date.now();
  private closing = false;
  private disposed = false;
  /** Reading is paused (IncomingBudget): the client is not silent, the server does not listen. */
  private readingPaused = false;
  private nextPingAt: number;
  private heartbeat: ReturnType<typeof setTimeout> | undefined;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly drain = new Emitter<void>();
  private readonly options: WebSocketChannelOptions;
  readonly onDidDrain: Event<void> = this.drain.event;

  constructor(
    private readonly ws: WebSocket,
    options: Partial<WebSocketChannelOptions> = {},
  ) {
    this.options = { ...WEBSOCKET_CHANNEL_OPTIONS, ...options };
    const heard = () => (this.lastHeardAt = Date.now());
    ws.on('message', heard);
    ws.on('pong', heard);
    ws.on('ping', heard);
    ws.once('close', () => this.dispose());
    this.nextPingAt = Date.now() + this.options.pingIntervalMs;
    this.beat();
  }

  get bufferedBytes(): number {
    return this.disposed ? 0 : this.ws.bufferedAmount;
  }

  send(frame: Uint8Array): void {
    if (this.disposed || this.closing || this.ws.readyState !== WebSocket.OPEN) return;
    const unsent = this.ws.bufferedAmount;
    if (unsent + frame.byteLength > this.options.maxBufferedBytes) {
      this.close(CLIENT_TOO_SLOW_CLOSE.code, CLIENT_TOO_SLOW_CLOSE.reason);
      return;
    }
    this.ws.send(frame, { binary: true });
    if (unsent + frame.byteLength >= this.options.lowWaterBytes) this.watchDrain();
  }

  /** Stops reading the socket (frames, pings and pongs wait in the kernel); the liveness check waits too. */
  pauseReading(): void {
    if (this.disposed || this.readingPaused) return;
    this.readingPaused = true;
    this.ws.pause();
  }

  resumeReading(): void {
    if (this.disposed || !this.readingPaused) return;
    this.readingPaused = false;
    this.lastHeardAt = Date.now(); // silence while it was not read is not the client's
    this.ws.resume();
  }

  close(code: number, reason: string): void {
    if (this.disposed || this.closing) return;
    this.closing = true;
    // The close frame waits behind everything still unsent; a peer that does not read is cut off after the grace.
    this.closeTimer = setTimeout(() => this.ws.terminate(), this.options.closeGraceMs);
    this.closeTimer.unref?.();
    try {
      this.ws.close(code, reason);
    } catch {
      this.ws.terminate();
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.heartbeat);
    clearTimeout(this.closeTimer);
    // Nothing is held for this client any more: whoever waited for it to drain can go on.
    const wasWatching = this.drainPoll !== undefined;
    clearTimeout(this.drainPoll);
    this.drainPoll = undefined;
    if (wasWatching) this.drain.fire();
    this.drain.dispose();
  }

  /** The unsent bytes reached the low-water mark: tell listeners once they are below it again. */
  private watchDrain(): void {
    if (this.drainPoll || this.disposed) return;
    const poll = () => {
      if (this.disposed) return;
      if (this.ws.bufferedAmount < this.options.lowWaterBytes) {
        this.drainPoll = undefined;
        this.drain.fire();
        return;
      }
      this.drainPoll = setTimeout(poll, DRAIN_POLL_MS);
    };
    this.drainPoll = setTimeout(poll, DRAIN_POLL_MS);
  }

  /** Pings every interval; terminates the socket as soon as nothing was heard for the pong time-out. */
  private beat(): void {
    if (this.disposed) return;
    const now = Date.now();
    if (this.readingPaused) this.lastHeardAt = now;
    const deadline = this.lastHeardAt + this.options.pongTimeoutMs;
    if (now >= deadline) {
      this.ws.terminate();
      return;
    }
    if (now >= this.nextPingAt) {
      if (this.ws.readyState === WebSocket.OPEN) this.ws.ping();
      this.nextPingAt = now + this.options.pingIntervalMs;
    }
    this.heartbeat = setTimeout(() => this.beat(), Math.min(this.nextPingAt, deadline) - now);
    this.heartbeat.unref?.();
  }
}
