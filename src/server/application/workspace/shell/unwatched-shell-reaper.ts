import { Disposable } from '../../../../base/lifecycle';

/**
 * How long a shell a client started may run without anyone having it open: long enough for a reconnect (the client
 * opens its shells again at once: terminal-resync.ts) or a page reload, short enough that shells left by clients that
 * are gone do not pile up.
 */
export const UNWATCHED_SHELL_TTL_MS = 10 * 60_000;

export interface ReaperEnvironment {
  /** The shells that may be reaped: running ones that clients started (not the server's tasks and setup steps). */
  candidates(): Iterable<string>;
  /** Whether a joined client has the shell open. */
  isWatched(shellId: string): boolean;
  /** Terminates the shell. */
  reap(shellId: string): void;
}

/**
 * Terminates the shells nobody has open. A client has a shell open (docs/protocol/shell.md) from its `shell/create`
 * of a terminal (of a command: once the command's output is handed to it), `shell/open` or `shell/restart`, until its
 * `shell/close` or until it leaves. A shell that stays without anyone having it open for `ttlMs` is terminated; one
 * that someone opens meanwhile is kept.
 */
export class UnwatchedShellReaper implements Disposable {
  private readonly countdowns = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly env: ReaperEnvironment,
    private readonly ttlMs = UNWATCHED_SHELL_TTL_MS,
  ) {}

  /** Who has which shell open changed (a shell/close, a client left): each shell nobody has open starts its countdown. */
  review(): void {
    for (const shellId of this.env.candidates()) {
      if (this.env.isWatched(shellId)) this.watched(shellId);
      else if (!this.countdowns.has(shellId)) this.startCountdown(shellId);
    }
  }

  /** Someone has the shell open (again). */
  watched(shellId: string): void {
    const countdown = this.countdowns.get(shellId);
    if (countdown === undefined) return;
    clearTimeout(countdown);
    this.countdowns.delete(shellId);
  }

  /** The shell ended or is gone. */
  forget(shellId: string): void {
    this.watched(shellId);
  }

  dispose(): void {
    for (const countdown of this.countdowns.values()) clearTimeout(countdown);
    this.countdowns.clear();
  }

  private startCountdown(shellId: string): void {
    const countdown = setTimeout(() => {
      this.countdowns.delete(shellId);
      if ([...this.env.candidates()].includes(shellId) && !this.env.isWatched(shellId)) this.env.reap(shellId);
    }, this.ttlMs);
    countdown.unref?.();
    this.countdowns.set(shellId, countdown);
  }
}
