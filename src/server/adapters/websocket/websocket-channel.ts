import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import { Emitter, Event } from '../../../base/event';
import { Disposable } from '../../../base/lifecycle';
import { CLIENT_TOO_SLOW_CLOSE, ClientChannel, DRAIN_LOW_WATER_BYTES } from '../../application/workspace/client-session';
import { EventLoopTurn, currentTurn } from './event-loop-turn';
import { LazyHolder, lazyFlush } from './lazy-flush';
import { binaryFrameHeader, binaryFrameHeaderLength, writeBinaryFrame } from './websocket-frame';

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
  /** A frame sent lazily (sendLazily) goes out with the next frame, or after this long at the latest. */
  lazyDelayMs: number;
}

export const WEBSOCKET_CHANNEL_OPTIONS: WebSocketChannelOptions = {
  pingIntervalMs: 5_000,
  /** Spec 002 §9: pong detection time-out 15 s. */
  pongTimeoutMs: 15_000,
  lowWaterBytes: DRAIN_LOW_WATER_BYTES,
  maxBufferedBytes: 64 * 1024 * 1024,
  closeGraceMs: 2_000,
  lazyDelayMs: 50,
};

/** Payloads up to this size are copied behind their header into one buffer (one write); larger ones are written as they are. */
const COPY_LIMIT_BYTES = 16 * 1024;

/**
 * The last payload framed in this turn and its frame: a notification fanned out to many clients is framed once
 * (ClientSession.notifyAll hands every channel the same bytes, in one turn).
 */
let lastPayload: Uint8Array | undefined;
let lastFrame: Buffer | undefined;
let lastTurn: EventLoopTurn | undefined;

function framed(payload: Uint8Array, turn: EventLoopTurn): Buffer {
  if (payload !== lastPayload || turn !== lastTurn) {
    const frame = Buffer.allocUnsafe(binaryFrameHeaderLength(payload.byteLength) + payload.byteLength);
    writeBinaryFrame(frame, 0, payload);
    lastPayload = payload;
    lastFrame = frame;
    lastTurn = turn;
  }
  return lastFrame!;
}

/** Several payloads framed one after the other into one buffer (one write). */
function framedAll(payloads: readonly Uint8Array[]): Buffer {
  let size = 0;
  for (const payload of payloads) size += binaryFrameHeaderLength(payload.byteLength) + payload.byteLength;
  const buffer = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const payload of payloads) offset = writeBinaryFrame(buffer, offset, payload);
  return buffer;
}

/** While the unsent bytes are above the low-water mark, how often they are looked at again to signal the drain. */
const DRAIN_POLL_MS = 10;

/**
 * A `ws` socket as a ClientChannel: reports the bytes handed to the socket and not yet flushed (ws's bufferedAmount,
 * read on demand so a send costs nothing extra), signals when they drain (looked at every few milliseconds only while
 * they are above the low-water mark), and keeps the connection honest with pings — a client that answers nothing
 * within the pong time-out is terminated. It only listens to the socket: whoever accepted it still reads the frames
 * (and answers text frames, protocol.md §1.5); every incoming frame counts as a sign of life.
 *
 * Writes (ADR 0025). A binary message is framed here and written to the upgraded socket itself, so a notification
 * for many clients is framed once and each socket gets one write of the same bytes. This keeps the order of ws's own
 * writes (pings, close frames, the text keep-alive), because ws writes to the socket synchronously when
 * permessage-deflate is off, as it is on this endpoint. The first frame of a turn of the event loop is written at
 * once; further frames to the same socket in that turn are corked and leave in one write at the end of the turn.
 * A lazy frame (sendLazily: an answer nobody waits for) goes out in the same write as the next frame, or after
 * `lazyDelayMs`; frames always leave in the order they were sent.
 */
export class WebSocketChannel implements ClientChannel, LazyHolder, Disposable {
  private drainPoll: ReturnType<typeof setTimeout> | undefined;
  private lastHeardAt = Date.now();
  /**
   * Why reading is paused (IncomingBudget's 'budget', FairInbound's 'fair'): the socket is read again once no reason
   * is left. Meanwhile the client is not silent, the server does not listen: the liveness check waits too.
   */
  private readonly pausedFor = new Set<string>();
  private closing = false;
  private disposed = false;
  private nextPingAt: number;
  private heartbeat: ReturnType<typeof setTimeout> | undefined;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly drain = new Emitter<void>();
  private readonly options: WebSocketChannelOptions;
  /** The turn of the last write, and whether the socket is corked until that turn ends. */
  private writtenIn: EventLoopTurn | undefined;
  private corked = false;
  /** Lazy frames not written yet (a shared timer writes them at the latest: LazyFlush), and since when. */
  private lazy: Uint8Array[] = [];
  lazySince: number | undefined;
  readonly onDidDrain: Event<void> = this.drain.event;

  constructor(
    private readonly ws: WebSocket,
    /** The upgraded socket `ws` runs on (as handed to WebSocketServer.handleUpgrade). */
    private readonly socket: Duplex,
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
    if (!this.open) return;
    const unsent = this.ws.bufferedAmount;
    if (unsent + frame.byteLength > this.options.maxBufferedBytes) {
      this.close(CLIENT_TOO_SLOW_CLOSE.code, CLIENT_TOO_SLOW_CLOSE.reason);
      return;
    }
    this.write(frame);
    if (unsent + frame.byteLength >= this.options.lowWaterBytes) this.watchDrain();
  }

  /** A frame nobody waits for: it leaves with the next frame sent, or within `lazyDelayMs`. */
  sendLazily(frame: Uint8Array): void {
    if (!this.open) return;
    if (this.lazy.push(frame) === 1) {
      this.lazySince = Date.now();
      lazyFlush(this.options.lazyDelayMs).add(this, this.lazySince);
    }
  }

  /** Writes the lazy frames waiting, if any. */
  flushLazy(): void {
    const last = this.lazy.pop();
    if (last === undefined) return;
    this.lazySince = undefined;
    if (this.open) this.send(last); // the others go out before it, in the same write
    else this.lazy = [];
  }

  private get open(): boolean {
    return !this.disposed && !this.closing && this.ws.readyState === WebSocket.OPEN;
  }

  /** Writes one binary message, after the lazy frames waiting; corks the socket for the rest of the turn from the second write on. */
  private write(payload: Uint8Array): void {
    const turn = currentTurn();
    if (this.writtenIn === turn) {
      if (!this.corked) {
        this.corked = true;
        this.socket.cork();
        turn.atEnd(() => {
          this.corked = false;
          this.socket.uncork();
        });
      }
    } else this.writtenIn = turn;
    const small = payload.byteLength <= COPY_LIMIT_BYTES;
    if (this.lazy.length > 0) {
      const frames = this.lazy;
      this.lazy = [];
      this.lazySince = undefined;
      if (small) frames.push(payload);
      this.socket.write(framedAll(frames));
      if (small) return;
    }
    if (small) this.socket.write(framed(payload, turn));
    else {
      this.socket.write(binaryFrameHeader(payload.byteLength));
      this.socket.write(payload);
    }
  }

  close(code: number, reason: string): void {
    if (this.disposed || this.closing) return;
    this.flushLazy();
    if (this.closing) return; // writing them closed the channel (a client holding too much)
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
    this.lazy = [];
    this.lazySince = undefined;
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

  /** Stops reading the socket (frames, pings and pongs wait in the kernel) for a reason; the liveness check waits too. */
  pauseReading(reason = 'budget'): void {
    if (this.disposed || this.pausedFor.has(reason)) return;
    this.pausedFor.add(reason);
    if (this.pausedFor.size === 1) this.ws.pause();
  }

  resumeReading(reason = 'budget'): void {
    if (this.disposed || !this.pausedFor.delete(reason) || this.pausedFor.size > 0) return;
    this.lastHeardAt = Date.now(); // silence while it was not read is not the client's
    this.ws.resume();
  }

  /** Pings every interval; terminates the socket as soon as nothing was heard for the pong time-out. */
  private beat(): void {
    if (this.disposed) return;
    const now = Date.now();
    if (this.pausedFor.size > 0) this.lastHeardAt = now;
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
