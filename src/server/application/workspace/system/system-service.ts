import { SystemMetrics } from '../../../../protocol';
import { ProcessMetrics } from '../../ports/process-metrics.port';
import { ClientSession } from '../client-session';
import { WorkspaceContext } from '../workspace-context';

/** The close of a hibernated workspace's connections (the client shows HIBERNATED, not an error). */
export const HIBERNATE_CLOSE = { code: 4100, reason: 'Hibernated' } as const;

/**
 * system/*: metrics of the workspace's processes and files, and hibernation. Hibernating tells every client and
 * closes their connections; the workspace keeps its documents and processes, so a later join resumes where it was.
 */
export class SystemService {
  private last: { at: number; cpuSeconds: number } | undefined;

  constructor(
    private readonly ctx: WorkspaceContext,
    private readonly metricsSource: ProcessMetrics,
  ) {}

  async metrics(): Promise<SystemMetrics> {
    const machine = this.metricsSource.machine();
    const [usage, storage] = await Promise.all([
      this.metricsSource.usage(this.ctx.shells.runningProcesses().map((p) => p.pid)),
      this.metricsSource.storage(this.ctx.box.rootDir),
    ]);
    const now = Date.now();
    // CPU in cores: the CPU time used since the previous sample over the wall time between them.
    const used = this.last && now > this.last.at ? Math.max(0, (usage.cpuSeconds - this.last.cpuSeconds) / ((now - this.last.at) / 1000)) : 0;
    this.last = { at: now, cpuSeconds: usage.cpuSeconds };
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
