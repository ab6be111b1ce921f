import { pickInitialFile } from '../../../domain/editor/initial-file';
import { NodeType } from '../../../domain/fs/file-tree.types';
import { DocumentJournalFactory } from '../ports/document-journal.port';
import { LanguageServers } from '../ports/language-servers.port';
import { SandboxRepository } from '../ports/sandbox-repository.port';
import { WorkspaceStorage } from '../ports/workspace-storage.port';
import { ProcessRuntime } from '../ports/process-runtime.port';
import { ProcessMetrics } from '../ports/process-metrics.port';
import { TreeIdStoreFactory } from '../ports/tree-id-store.port';
import { ReadLimits, WorkspaceFilesFactory } from '../ports/workspace-files.port';
import { WorkspaceWatcherFactory } from '../ports/workspace-watcher.port';
import { PortDetection } from './port/port-service';
import { GitMetadataWatchFactory } from './git/git-metadata-watch';
import { Workspace, WorkspaceShellLimits } from './workspace';
import { DownloadLinks } from './fs/download-links';
import { SearchEnginePreference } from './search/search-service';
import { WorkspaceTree } from './workspace-tree';
import { withinDeadline } from '../deadline';

/** How long a shutdown waits for one workspace to stop (its processes killed, its journal flushed). */
export const DISPOSE_GRACE_MS = 10_000;

export class WorkspaceNotFoundError extends Error {}

/** What the registry starts workspaces with. */
export interface WorkspaceRegistryDeps {
  sandboxes: SandboxRepository;
  storage: WorkspaceStorage;
  filesFactory: WorkspaceFilesFactory;
  idStores: TreeIdStoreFactory;
  journals: DocumentJournalFactory;
  runtime: ProcessRuntime;
  metrics: ProcessMetrics;
  watchers: WorkspaceWatcherFactory | undefined;
  limits: ReadLimits;
  newId: () => string;
  log: (message: string) => void;
  languageServers?: LanguageServers;
  searchEngine?: SearchEnginePreference;
  downloads?: DownloadLinks;
  ports?: PortDetection;
  gitWatchers?: GitMetadataWatchFactory;
  shellLimits?: WorkspaceShellLimits;
}

/** Starts each sandbox's workspace on first use and keeps it running (one process, ADR 0005). */
export class WorkspaceRegistry {
  private readonly workspaces = new Map<string, Promise<Workspace>>();

  constructor(private readonly deps: WorkspaceRegistryDeps) {}

  get(sandboxId: string): Promise<Workspace> {
    let workspace = this.workspaces.get(sandboxId);
    if (!workspace) {
      workspace = this.start(sandboxId);
      workspace.then(
        (started) => this.workspaces.get(sandboxId) === workspace && this.running.set(sandboxId, started),
        () => this.workspaces.delete(sandboxId),
      );
      this.workspaces.set(sandboxId, workspace);
    }
    return workspace;
  }

  /** Workspaces whose start finished (the promises of `workspaces` resolved). */
  private readonly running = new Map<string, Workspace>();

  /**
   * The file the editor opens first in a sandbox (spec 002 §2's ordered list; docs/client/editor-groups.md), told in
   * the editor page so that the client asks for it with the tree, right after its join. Only a running workspace
   * says (the page does not wait for a start, which reads the whole tree); one that is not running starts now, while
   * the page loads, and the client picks the file from the tree.
   */
  initialFile(sandboxId: string): string | undefined {
    const workspace = this.running.get(sandboxId);
    if (!workspace) {
      void this.get(sandboxId).catch(() => undefined);
      return undefined;
    }
    return pickInitialFile((path) => workspace.tree.findByPath(path)?.type === NodeType.File);
  }

  /** Where the preview proxy connects for a sandbox's port: only a port its running workspace listens on. */
  async previewTarget(sandboxId: string, port: number): Promise<string | undefined> {
    const workspace = await this.workspaces.get(sandboxId)?.catch(() => undefined);
    return workspace?.ports.target(port);
  }

  /**
   * The access to a sandbox changed (its anonymous access level): when its workspace runs, every joined client's
   * access is asked again and changed where it differs (client/permissions). Resolves once that is done.
   */
  async reviewAccess(sandboxId: string): Promise<void> {
    const workspace = await this.workspaces.get(sandboxId)?.catch(() => undefined);
    await workspace?.reviewAccess();
  }

  /**
   * Stops every workspace (and waits for starts under way). A workspace that has not stopped within
   * DISPOSE_GRACE_MS is logged and left behind, so a server shutdown always ends.
   */
  async dispose(): Promise<void> {
    const entries = [...this.workspaces.entries()];
    await Promise.all(
      entries.map(async ([sandboxId, starting]) => {
        const stopped = starting.then((workspace) => workspace.dispose());
        if ((await withinDeadline(stopped, DISPOSE_GRACE_MS)) === 'late') {
          this.deps.log(`[${sandboxId}] the workspace did not stop within ${DISPOSE_GRACE_MS / 1000} s; shutting down without it`);
        }
      }),
    );
    this.workspaces.clear();
    this.running.clear();
  }

  private async start(sandboxId: string): Promise<Workspace> {
    const d = this.deps;
    const record = await d.sandboxes.get(sandboxId);
    if (!record) throw new WorkspaceNotFoundError(`Sandbox ${sandboxId} not found`);
    const files = d.filesFactory(d.storage.filesDir(sandboxId));
    const tree = new WorkspaceTree(files, d.idStores(sandboxId), d.newId);
    // Watch first, so nothing changed during the scan is missed (a change seen twice is harmless).
    const watcher = d.watchers?.(files.rootDir);
    await watcher?.start();
    await tree.load();
    const log = (message: string) => d.log(`[${sandboxId}] ${message}`);
    return new Workspace({
      sandboxId,
      files,
      tree,
      journal: d.journals(sandboxId),
      runtime: d.runtime,
      metrics: d.metrics,
      box: { sandboxId, rootDir: files.rootDir, homeDir: d.storage.homeDir(sandboxId) },
      watcher,
      limits: d.limits,
      newId: d.newId,
      log,
      languageServers: d.languageServers,
      searchEngine: d.searchEngine,
      downloads: d.downloads,
      ports: d.ports,
      gitMetadata: d.gitWatchers?.(files.rootDir),
      shellLimits: d.shellLimits,
    });
  }
}
