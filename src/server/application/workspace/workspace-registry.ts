import { DocumentJournalFactory } from '../ports/document-journal.port';
import { SandboxRepository } from '../ports/sandbox-repository.port';
import { ShellHost } from '../ports/shell-host.port';
import { TreeIdStoreFactory } from '../ports/tree-id-store.port';
import { WorkspaceFilesFactory } from '../ports/workspace-files.port';
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
    private readonly shellHost: ShellHost,
    private readonly newId: () => string,
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
    await tree.load();
    return new Workspace({ sandboxId, files, tree, journal: this.journals(sandboxId), shellHost: this.shellHost, newId: this.newId });
  }
}
