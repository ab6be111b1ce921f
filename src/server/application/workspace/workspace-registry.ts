import { DocumentJournalFactory } from '../ports/document-journal.port';
import { SandboxRepository } from '../ports/sandbox-repository.port';
import { ProcessRuntime } from '../ports/process-runtime.port';
import { ProcessMetrics } from '../ports/process-metrics.port';
import { TreeIdStoreFactory } from '../ports/tree-id-store.port';
import { ReadLimits, WorkspaceFilesFactory } from '../ports/workspace-files.port';
import { WorkspaceWatcherFactory } from '../ports/workspace-watcher.port';
import { Workspace } from './workspace';
import { WorkspaceTree } from './workspace-tree';

export class WorkspaceNotFoundError extends Error {}

/** Starts each sandbox's workspace on first use and keeps it running (one process, ADR 0005). */
export class WorkspaceRegistry {
  private readonly workspaces = new Map<string, Promise<Workspace>>();

  constructor(
    private readonly sandboxes: SandboxRepository,
    private readonly filesFactory: WorkspaceFilesFactory,
    private readonly idStores: TreeIdStoreFactory,
    private readonly journals: DocumentJournalFactory,
    private readonly runtime: ProcessRuntime,
    private readonly metrics: ProcessMetrics,
    private readonly watchers: WorkspaceWatcherFactory | undefined,
    private readonly limits: ReadLimits,
    private readonly newId: () => string,
    private readonly log: (message: string) => void,
  ) {}

  get(sandboxId: string): Promise<Workspace> {
    let workspace = this.workspaces.get(sandboxId);
    if (!workspace) {
      workspace = this.start(sandboxId);
      workspace.catch(() => this.workspaces.delete(sandboxId));
      this.workspaces.set(sandboxId, workspace);
    }
    return workspace;
  }

  async dispose(): Promise<void> {
    const all = await Promise.allSettled(this.workspaces.values());
    for (const r of all) if (r.status === 'fulfilled') r.value.dispose();
    this.workspaces.clear();
  }

  private async start(sandboxId: string): Promise<Workspace> {
    const record = await this.sandboxes.get(sandboxId);
    if (!record) throw new WorkspaceNotFoundError(`Sandbox ${sandboxId} not found`);
    const files = this.filesFactory(this.sandboxes.filesDir(sandboxId));
    const tree = new WorkspaceTree(files, this.idStores(sandboxId), this.newId);
    // Watch first, so nothing changed during the scan is missed (a change seen twice is harmless).
    const watcher = this.watchers?.(files.rootDir);
    await watcher?.start();
    await tree.load();
    const log = (message: string) => this.log(`[${sandboxId}] ${message}`);
    return new Workspace({ sandboxId, files, tree, journal: this.journals(sandboxId), runtime: this.runtime, metrics: this.metrics, box: { sandboxId, rootDir: files.rootDir, homeDir: this.sandboxes.homeDir(sandboxId) }, watcher, limits: this.limits, newId: this.newId, log });
  }
}
