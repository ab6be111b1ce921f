import { Emitter } from '../../../../base/event';
import { Disposable, DisposableStore } from '../../../../base/lifecycle';
import { diffPorts } from '../../../../domain/port/port-assignment';
import { Port } from '../../../../protocol';
import { ListeningPorts } from '../../ports/listening-ports.port';
import { WorkspaceContext } from '../workspace-context';

/**
 * Tells when the set of listening TCP sockets changed (a port opened or closed) in the network the given processes
 * are in (their own namespace when the runtime gives the workspace one, else the machine's): one poll shared by
 * every workspace, running while anyone subscribed.
 */
export interface ListeningSocketChanges {
  subscribe(listener: () => void, pids?: () => readonly number[]): Disposable;
}

/** How the workspace finds its ports and names their previews (bound in the server container). */
export interface PortDetection {
  sockets: ListeningPorts;
  /** When present, ports are looked for when the listening sockets changed (and every PORT_RESCAN_MS), not polled. */
  changes?: ListeningSocketChanges;
  /** The preview URL of a sandbox port (PreviewHosts.url). */
  previewUrl(sandboxId: string, port: number): string;
}

/** Without `changes`: ports are looked for this often while the workspace has running shells. */
export const PORT_POLL_MS = 500;
/**
 * With `changes`: the workspace also looks this often while it has running shells, for what the shared signal
 * cannot tell (a listener that left the workspace's process tree but kept its socket).
 */
export const PORT_RESCAN_MS = 10_000;

export interface OpenPortInfo extends Port {
  /** Where the preview proxy connects (127.0.0.1, ::1 or the address it listens on). */
  host: string;
  /** The shell whose process tree listens on it. */
  shellId: string | undefined;
}

export interface PortChange {
  opened: OpenPortInfo[];
  closed: OpenPortInfo[];
}

/**
 * One workspace's port/* (docs/protocol/port.md): the TCP ports its processes listen on, looked for while any of its
 * shells runs — when the machine's listening sockets changed (the shared poll of PortDetection.changes, so a new
 * port shows within a poll interval) and when a shell starts, restarts or exits — each with a preview URL on its own
 * origin. Every change goes to every client (port/changed) and to the task service (onDidChange).
 */
export class PortService {
  private open = new Map<number, OpenPortInfo>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private polling = false;
  /** A look was asked for while one ran: another follows it. */
  private again = false;
  private disposed = false;
  /** The subscription to the shared signal, while anything runs. */
  private signal: Disposable | undefined;
  private readonly subscriptions = new DisposableStore();
  private readonly changeEmitter = new Emitter<PortChange>();
  readonly onDidChange = this.changeEmitter.event;

  constructor(
    private readonly ctx: WorkspaceContext,
    private readonly detection: PortDetection | undefined,
    private readonly pollMs = PORT_POLL_MS,
    private readonly rescanMs = PORT_RESCAN_MS,
  ) {
    if (detection) {
      this.subscriptions.add(ctx.shells.onDidChangeShell(() => this.wake()));
      this.subscriptions.add(ctx.shells.onDidExit(() => this.wake()));
    }
    this.wake();
  }

  list(): Port[] {
    return [...this.open.values()].map(({ port, url }) => ({ port, url }));
  }

  /** The open ports with their owners (for the task service). */
  openPorts(): OpenPortInfo[] {
    return [...this.open.values()];
  }

  /** Where to connect for a port this workspace listens on; undefined when it does not (the proxy refuses it). */
  target(port: number): string | undefined {
    return this.open.get(port)?.host;
  }

  /** Looks at once (right after the look under way, if one is), and keeps looking while shells run. */
  wake(): void {
    if (!this.detection || this.disposed) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.poll();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.signal?.dispose();
    this.signal = undefined;
    this.subscriptions.dispose();
    this.changeEmitter.dispose();
  }

  private async poll(): Promise<void> {
    const detection = this.detection!;
    this.polling = true;
    this.again = false;
    const shells = this.ctx.shells.runningProcesses();
    try {
      const found = shells.length === 0 ? [] : await detection.sockets.find(shells.map((s) => s.pid));
      if (this.disposed) return;
      const next = new Map<number, OpenPortInfo>();
      for (const { port, host, rootPid } of found) {
        next.set(port, { port, url: detection.previewUrl(this.ctx.sandboxId, port), host, shellId: shells.find((s) => s.pid === rootPid)?.shellId });
      }
      this.update(next);
    } catch (error) {
      this.ctx.log(`could not look for open ports: ${(error as Error).message}`);
    } finally {
      this.polling = false;
      if (!this.disposed) this.afterPoll();
    }
  }

  /** Keeps looking while anything runs; once nothing does, the last look has closed every port. */
  private afterPoll(): void {
    const active = this.ctx.shells.runningProcesses().length > 0 || this.open.size > 0;
    const changes = this.detection!.changes;
    if (changes && active && !this.signal) {
      this.signal = changes.subscribe(
        () => this.wake(),
        () => this.ctx.shells.runningProcesses().map((shell) => shell.pid),
      );
    }
    if (!active) {
      this.signal?.dispose();
      this.signal = undefined;
    }
    if (this.again) return this.wake();
    if (!active) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.poll();
    }, changes ? this.rescanMs : this.pollMs);
    this.timer.unref?.();
  }

  private update(next: Map<number, OpenPortInfo>): void {
    const before = this.open;
    const { opened, closed } = diffPorts([...before.keys()], [...next.keys()]);
    const moved = [...next.values()].filter((p) => before.has(p.port) && before.get(p.port)!.shellId !== p.shellId);
    this.open = next;
    if (opened.length === 0 && closed.length === 0 && moved.length === 0) return;
    if (opened.length > 0 || closed.length > 0) this.ctx.broadcast('port/changed', { list: this.list() });
    this.changeEmitter.fire({ opened: opened.map((p) => next.get(p)!), closed: closed.map((p) => before.get(p)!) });
  }
}
