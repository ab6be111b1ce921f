import { SystemMetrics } from '../../../../protocol';
import { ProcessMetrics } from '../../ports/process-metrics.port';
import { ClientSession } from '../client-session';
import { WorkspaceContext } from '../workspace-context';

/** The close of a hibernated workspace's connections (the client shows HIBERNATED, not an error). */
export const HIBERNATE_CLOSE = { code: 4100, reason: 'Hibernated' } as const;

/** How often system/metrics is pushed to the clients that subscribed to it (spec 002 §9: metrics every 5 s). */
export const METRICS_PUSH_MS = 5_000;

/** The workspace's CPU time at one moment, to tell the CPU used since (in cores). */
interface CpuSample {
  at: number;
  cpuSeconds: number;
}

/**
 * system/*: metrics of the workspace's processes and files, and hibernation. Hibernating tells every client and
 * closes their connections; the workspace keeps its documents and processes, so a later join resumes where it was.
 */
export class SystemService {
  /** The last sample of the requests, and of the push (each tells CPU over its own interval). */
  private readonly samples: { request?: CpuSample; push?: CpuSample } = {};
  /** The clients that subscribed to system/metrics in their join (`subscriptions.system.metrics`). */
  private readonly subscribers = new Set<ClientSession>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly ctx: WorkspaceContext,
    private readonly metricsSource: ProcessMetrics,
    private readonly pushMs = METRICS_PUSH_MS,
  ) {}

  /** system/metrics as a request answers it. */
  metrics(): Promise<SystemMetrics> {
    return this.measure('request');
  }

  /**
   * A client subscribed to system/metrics (the SDK's default subscriptions do): it gets the metrics at once and
   * every METRICS_PUSH_MS while it stays joined; the push runs while anyone subscribed.
   */
  subscribe(session: ClientSession): void {
    this.subscribers.add(session);
    void this.push([session]);
    if (this.timer === undefined) {
      this.timer = setInterval(() => void this.push([...this.subscribers]), this.pushMs);
      this.timer.unref?.();
    }
  }

  unsubscribe(session: ClientSession): void {
    if (!this.subscribers.delete(session) || this.subscribers.size > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.samples.push = undefined;
  }

  dispose(): void {
    this.subscribers.clear();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async push(to: ClientSession[]): Promise<void> {
    try {
      const metrics = await this.measure('push');
      ClientSession.notifyAll(to.filter((session) => this.subscribers.has(session)), 'system/metrics', metrics);
    } catch (error) {
      this.ctx.log(`could not measure the workspace for system/metrics: ${(error as Error).message}`);
    }
  }

  private async measure(sampler: 'request' | 'push'): Promise<SystemMetrics> {
    const machine = this.metricsSource.machine();
    const [usage, storage] = await Promise.all([
      this.metricsSource.usage(this.ctx.shells.runningProcesses().map((p) => p.pid)),
      this.metricsSource.storage(this.ctx.box.rootDir),
    ]);
    const now = Date.now();
    // CPU in cores: the CPU time used since the previous sample over the wall time between them.
    const last = this.samples[sampler];
    const used = last && now > last.at ? Math.max(0, (usage.cpuSeconds - last.cpuSeconds) / ((now - last.at) / 1000)) : 0;
    this.samples[sampler] = { at: now, cpuSeconds: usage.cpuSeconds };
    return {
      cpu: { cores: machine.cores, used: round(used), configured: machine.cores },
      memory: { used: usage.rssBytes, total: machine.memoryBytes, configured: machine.memoryBytes },
      storage: { used: storage.usedBytes, total: storage.totalBytes, configured: storage.totalBytes },
    };
  }

  hibernate(): void {
    const sessions = [...this.ctx.sessions()];
    ClientSession.notifyAll(sessions, 'system/hibernate', {});
    for (const session of sessions) session.channel.close(HIBERNATE_CLOSE.code, HIBERNATE_CLOSE.reason);
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;
