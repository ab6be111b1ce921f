import { PING_INTERVAL_MS, PONG_NOT_DETECTED_REASON, isPingDue, pongTimeout } from '../../domain/connection';
import { OPEN, PitcherSocket } from './pitcher-socket';

/**
 * Pong detection of the pitcher client (spec 001 §9, spec 002 §4): every PING_INTERVAL_MS, when no frame came for a
 * while, an empty text frame goes out; when no frame at all comes back within the pong time-out (longer before the
 * join) the socket is dropped with PONG_NOT_DETECTED_REASON, and its close reconnects. The rules are the domain's
 * (isPingDue, pongTimeout); this holds the timers.
 */
export class KeepAlive {
  private lastFrameAt = 0;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly socket: () => PitcherSocket | undefined,
    private readonly joined: () => boolean,
  ) {}

  start(): void {
    this.pingTimer ??= setInterval(() => this.tick(), PING_INTERVAL_MS);
  }

  stop(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    this.clearPong();
  }

  /** A socket opened: the silence is counted from now. */
  opened(): void {
    this.lastFrameAt = Date.now();
  }

  /** A frame arrived: the connection lives. */
  heard(): void {
    this.lastFrameAt = Date.now();
    this.clearPong();
  }

  /** The socket closed: no pong is awaited from it any more. */
  clearPong(): void {
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
  }

  /** Sends the empty text frame; no frame back within `timeoutMs` drops the connection (its close reconnects). */
  ping(timeoutMs: number): void {
    const socket = this.socket();
    if (!socket || socket.readyState !== OPEN || this.pongTimer) return;
    socket.send('');
    this.pongTimer = setTimeout(() => {
      this.pongTimer = undefined;
      if (this.socket() === socket) socket.reconnect(4000, PONG_NOT_DETECTED_REASON);
    }, timeoutMs);
  }

  private tick(): void {
    if (!isPingDue(Date.now(), this.lastFrameAt, this.pongTimer !== undefined)) return;
    this.ping(pongTimeout(this.joined()));
  }
}
