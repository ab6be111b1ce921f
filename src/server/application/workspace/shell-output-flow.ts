import { Disposable } from '../../../base/lifecycle';
import { encodeShellOutFrame } from '../../../protocol/shell-out-frame';
import { ClientSession, DRAIN_LOW_WATER_BYTES } from './client-session';
import { ShellSession } from './shell-session';

export interface ShellFlowLimits {
  /** A watcher whose channel holds this many bytes pauses the pty… */
  highWaterBytes: number;
  /** …until it holds less than this (channels signal onDidDrain at or below it). */
  lowWaterBytes: number;
  /** A watcher that keeps the pty paused for longer than this is dropped to lagging, so the others keep their speed. */
  graceMs: number;
  /** A watcher whose channel holds this many bytes is dropped to lagging at once. */
  hardLimitBytes: number;
}

export const SHELL_FLOW_LIMITS: ShellFlowLimits = {
  highWaterBytes: 1024 * 1024,
  lowWaterBytes: DRAIN_LOW_WATER_BYTES,
  graceMs: 2_000,
  hardLimitBytes: 8 * 1024 * 1024,
};

/** Full terminal reset (RIS): a lagging watcher's terminal starts over from the scroll-back. */
export const TERMINAL_RESET = '\x1bc';

/**
 * Back-pressure for one shell's output. Every watcher (a client that opened the shell) that keeps up gets live
 * `shell/out`. A watcher above the high-water mark pauses the pty until it drains below the low-water mark: true
 * back-pressure for one client reading fast output. A watcher above it for longer than the grace period, or above the
 * hard limit, is lagging: it gets no live output and no longer holds the pty, so the other watchers keep their speed.
 * Once it drained it gets one `shell/out` with a terminal reset and the scroll-back, then live output again.
 */
export class ShellOutputFlow implements Disposable {
  /** Watchers holding the pty paused, with the time each went above the high-water mark. */
  private readonly blocking = new Map<ClientSession, number>();
  private readonly lagging = new Set<ClientSession>();
  private readonly drainSubscriptions = new Map<ClientSession, Disposable>();
  private paused = false;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly shell: ShellSession,
    private readonly watchers: () => ClientSession[],
    private readonly limits: ShellFlowLimits = SHELL_FLOW_LIMITS,
  ) {}

  get isPaused(): boolean {
    return this.paused;
  }

  isLagging(session: ClientSession): boolean {
    return this.lagging.has(session);
  }

  /** Sends live output (already recorded in the scroll-back) to the watchers that keep up, then applies the marks. */
  deliver(out: string): void {
    const watchers = this.watchers();
    const live = watchers.filter((w) => !this.lagging.has(w));
    if (live.length > 0) {
      const frame = encodeShellOutFrame(this.shell.shellId, out);
      for (const session of live) session.notifyEncoded(frame);
    }
    this.update(watchers);
  }

  /** The watcher (re)opened or closed the shell: it starts afresh. */
  forget(session: ClientSession): void {
    this.blocking.delete(session);
    this.lagging.delete(session);
    this.drainSubscriptions.get(session)?.dispose();
    this.drainSubscriptions.delete(session);
    this.update();
  }

  dispose(): void {
    clearTimeout(this.graceTimer);
    for (const subscription of this.drainSubscriptions.values()) subscription.dispose();
    this.drainSubscriptions.clear();
    this.blocking.clear();
    this.lagging.clear();
    this.setPaused(false);
  }

  /** Re-applies the marks to every watcher; runs on output, on a drain, and when a grace period ends. */
  private update(watchers = this.watchers()): void {
    const now = Date.now();
    const present = new Set(watchers);
    for (const session of [...this.blocking.keys(), ...this.lagging]) if (!present.has(session)) this.release(session);
    for (const session of watchers) {
      const bytes = session.channel.bufferedBytes ?? 0;
      const since = this.blocking.get(session);
      if (this.lagging.has(session)) {
        if (bytes < this.limits.lowWaterBytes) this.resync(session);
      } else if (bytes >= this.limits.hardLimitBytes) {
        this.lag(session);
      } else if (since === undefined) {
        if (bytes >= this.limits.highWaterBytes) this.block(session, now);
      } else if (bytes < this.limits.lowWaterBytes) {
        this.release(session);
      } else if (now - since >= this.limits.graceMs) {
        this.lag(session);
      }
    }
    this.setPaused(this.blocking.size > 0);
    this.scheduleGrace(now);
  }

  private block(session: ClientSession, now: number): void {
    this.blocking.set(session, now);
    this.watchDrain(session);
  }

  private lag(session: ClientSession): void {
    this.blocking.delete(session);
    this.lagging.add(session);
    this.watchDrain(session);
  }

  private resync(session: ClientSession): void {
    this.release(session);
    session.notify('shell/out', { shellId: this.shell.shellId, out: TERMINAL_RESET + this.shell.scrollBack() });
  }

  private release(session: ClientSession): void {
    this.blocking.delete(session);
    this.lagging.delete(session);
    this.drainSubscriptions.get(session)?.dispose();
    this.drainSubscriptions.delete(session);
  }

  private watchDrain(session: ClientSession): void {
    if (this.drainSubscriptions.has(session) || !session.channel.onDidDrain) return;
    this.drainSubscriptions.set(session, session.channel.onDidDrain(() => this.update()));
  }

  private setPaused(paused: boolean): void {
    if (paused === this.paused) return;
    this.paused = paused;
    if (paused) this.shell.process.pause();
    else this.shell.process.resume();
  }

  /** While the pty is paused no output comes to trigger an update: a timer ends the earliest grace period. */
  private scheduleGrace(now: number): void {
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
    if (this.blocking.size === 0) return;
    const earliest = Math.min(...this.blocking.values());
    this.graceTimer = setTimeout(() => this.update(), Math.max(0, earliest + this.limits.graceMs - now));
  }
}
