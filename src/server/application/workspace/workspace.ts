import { Emitter } from '../../../base/event';
import { ClientJSON, NotificationMethod, PitcherNotifications, encodeMessage, notification } from '../../../protocol';
import { DocumentJournal } from '../ports/document-journal.port';
import { LanguageServers } from '../ports/language-servers.port';
import { ProcessRuntime, WorkspaceBox } from '../ports/process-runtime.port';
import { ReadLimits, WorkspaceFiles } from '../ports/workspace-files.port';
import { WorkspaceWatcher } from '../ports/workspace-watcher.port';
import { ClientChannel, ClientIdentity, ClientSession } from './client-session';
import { pickColor } from './client-colors';
import { DocumentHub } from './document-hub';
import { AccessLevel, permissionsFor } from './permissions';
import { ShellHub, ShellHubLimits } from './shell-hub';
import { WorkspaceTree } from './workspace-tree';
import { WorkspaceContext } from './workspace-context';
import { RawFsService } from './fs/raw-fs-service';
import { DownloadLinks } from './fs/download-links';
import { SearchEnginePreference, SearchService } from './search/search-service';
import { GitService } from './git/git-service';
import { GitMetadataWatch } from './git/git-metadata-watch';
import { TaskService } from './task/task-service';
import { PortDetection, PortService } from './port/port-service';
import { LanguageService } from './language/language-service';
import { ProcessMetrics } from '../ports/process-metrics.port';
import { ChannelHub } from './system/channel-hub';
import { CommandRegistry } from './system/command-registry';
import { ContainerService } from './system/container-service';
import { NotificationCenter } from './system/notification-center';
import { SystemService } from './system/system-service';
import { WorkspaceStartup } from './system/workspace-startup';

/** What a joined client's access is now (its token's level under the current policy); undefined: none any more. */
export type AccessCheck = () => Promise<AccessLevel | undefined>;

export interface WorkspaceDependencies {
  sandboxId: string;
  files: WorkspaceFiles;
  tree: WorkspaceTree;
  journal: DocumentJournal;
  runtime: ProcessRuntime;
  /** Where the workspace's processes run (its files and home directory). */
  box: WorkspaceBox;
  metrics: ProcessMetrics;
  watcher: WorkspaceWatcher | undefined;
  limits: ReadLimits;
  /** Signs fs/download URLs (absent: downloads are unavailable). */
  downloads?: DownloadLinks;
  newId: () => string;
  log: (message: string) => void;
  /** The installed language servers (none: languages are listed without servers). */
  languageServers?: LanguageServers;
  /** Which engine searches text (default 'auto': ripgrep when the workspace has it). */
  searchEngine?: SearchEnginePreference;
  /** How open ports are found and previewed (absent: port/list stays empty). */
  ports?: PortDetection;
  /** Watches `.git` for commits and checkouts made in terminals (absent: seen at the next change on disk). */
  gitMetadata?: GitMetadataWatch;
  /** How many shells clients may run and when one nobody has open ends (absent: SHELL_HUB_LIMITS). */
  shellLimits?: WorkspaceShellLimits;
}

/** The shell limits a server sets per workspace (docs/protocol/shell.md "Limits"). */
export type WorkspaceShellLimits = Pick<ShellHubLimits, 'maxShellsPerClient' | 'maxShellsPerWorkspace' | 'unwatchedShellTtlMs'>;

/**
 * One running workspace: its clients, file tree, open documents and shells. Changes made on disk (by a terminal,
 * a task, git or any program) arrive from the watcher and become tree operations for every client and FS
 * operations for the open documents they touch.
 */
export class Workspace {
  readonly sandboxId: string;
  readonly tree: WorkspaceTree;
  readonly documents: DocumentHub;
  readonly shells: ShellHub;
  readonly files: WorkspaceFiles;
  readonly context: WorkspaceContext;
  readonly rawFs: RawFsService;
  readonly search: SearchService;
  readonly git: GitService;
  readonly tasks: TaskService;
  readonly ports: PortService;
  readonly languages: LanguageService;
  readonly channels = new ChannelHub();
  readonly notifications: NotificationCenter;
  readonly commands: CommandRegistry;
  readonly system: SystemService;
  /** container/setup: the dev container, run on the workspace's toolchain. */
  readonly containers: ContainerService;
  /** The start-up (git repository, setup, tasks that run at start) as system/initStatus. */
  readonly startup: WorkspaceStartup;
  private readonly sessions = new Map<string, ClientSession>();
  /** How to ask each joined client's access again (client/permissions when it changes). */
  private readonly accessChecks = new Map<ClientSession, AccessCheck>();
  /** Access reviews run one after the other, in the order the changes happened. */
  private reviewing: Promise<void> = Promise.resolve();
  private readonly filesChanged = new Emitter<readonly string[]>();
  /** Disk changes are applied one batch at a time, in order. */
  private syncing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: WorkspaceDependencies) {
    this.sandboxId = deps.sandboxId;
    this.tree = deps.tree;
    this.files = deps.files;
    this.documents = new DocumentHub(
      { tree: deps.tree, files: deps.files, journal: deps.journal, limits: deps.limits, log: deps.log },
      { closedForDisk: (participants, message) => void this.notifications.notify('warning', message, [], participants) },
    );
    this.shells = new ShellHub(
      (options) => deps.runtime.spawnPty(deps.box, options),
      {
        clients: () => this.sessions.values(),
        resolveCwd: async (path) => {
          const real = await deps.files.realDirectory(path ?? '');
          return real.ok ? real.value : undefined;
        },
        newId: deps.newId,
      },
      deps.shellLimits,
    );
    this.context = {
      sandboxId: deps.sandboxId,
      box: deps.box,
      files: deps.files,
      tree: deps.tree,
      runtime: deps.runtime,
      shells: this.shells,
      sessions: () => this.sessions.values(),
      broadcast: (method, params, except) => this.broadcast(method, params, except),
      diskChanged: (paths) => this.diskChanged(paths),
      exclusive: (job) => this.exclusive(job),
      onDidChangeFiles: this.filesChanged.event,
      newId: deps.newId,
      log: deps.log,
    };
    this.notifications = new NotificationCenter(() => this.sessions.values(), deps.newId);
    this.commands = new CommandRegistry((commands) => this.broadcast('command/changed', { commands }));
    this.system = new SystemService(this.context, deps.metrics);
    this.commands.register('bullpen.files.rescan', 'Files: Rescan the Workspace on Disk', () => this.diskChanged(this.tree.directoryPaths(), true));
    this.commands.register('bullpen.system.hibernate', 'Workspace: Hibernate', () => this.system.hibernate());
    this.rawFs = new RawFsService(this.context, { maxReadBytes: deps.limits.maxBinaryBytes, downloads: deps.downloads });
    this.search = new SearchService(this.context, { engine: deps.searchEngine });
    this.git = new GitService(this.context, { metadata: deps.gitMetadata, creatingRepository: () => this.startup.creatingRepository() });
    this.ports = new PortService(this.context, deps.ports);
    this.tasks = new TaskService(this.context, this.ports, { startAfter: this.git.ready });
    this.startup = new WorkspaceStartup({
      git: this.git.started,
      setup: this.tasks.setup,
      onDidRunAtStart: this.tasks.onDidRunAtStart,
      shellOutput: (shellId) => {
        const shell = this.shells.get(shellId);
        return shell && { output: shell.scrollBack(), exitCode: shell.exitCode };
      },
      publish: (status) => this.broadcast('system/initStatus', status),
    });
    this.containers = new ContainerService(this.context, this.tasks);
    this.languages = new LanguageService(this.context, deps.languageServers);
    deps.watcher?.onDidChange((paths) => void this.diskChanged(paths));
    deps.watcher?.onDidLoseTrack(() => void this.diskChanged(this.tree.directoryPaths(), true));
  }

  get clients(): ClientJSON[] {
    return [...this.sessions.values()].map((s) => s.json);
  }

  session(clientId: string): ClientSession | undefined {
    return this.sessions.get(clientId);
  }

  /**
   * Adds a client; a reconnecting client keeps its id, and the stale session under it is closed. `accessCheck` asks
   * its access again when the sandbox's access changes (reviewAccess).
   */
  join(identity: ClientIdentity, channel: ClientChannel, appId: string, clientId: string, accessCheck?: AccessCheck): ClientSession {
    const stale = this.sessions.get(clientId);
    if (stale) {
      this.leave(stale, false);
      stale.channel.close(4001, 'Replaced by a newer connection of the same client');
    }
    const taken = new Set([...this.sessions.values()].map((s) => s.json.color));
    const json: ClientJSON = { clientId, username: identity.username, name: identity.name, avatarUrl: identity.avatarUrl ?? null, color: pickColor(taken), appId };
    const session = new ClientSession(json, identity, permissionsFor(identity.access), channel, encodeNotification);
    // A client resuming with its reconnect token is known to the others already: it is updated.
    this.broadcast(stale ? 'client/updated' : 'client/connected', json);
    this.sessions.set(clientId, session);
    if (accessCheck) this.accessChecks.set(session, accessCheck);
    return session;
  }

  /**
   * The client has its join result: while the workspace starts, it is told how far it got (system/initStatus); one
   * that subscribed to system/metrics starts getting them.
   */
  welcome(session: ClientSession, subscriptions?: ClientSubscriptions): void {
    if (this.sessions.get(session.clientId) !== session) return;
    this.startup.welcome(session);
    this.containers.welcome(session);
    if (subscriptions?.metrics) this.system.subscribe(session);
  }

  /**
   * The sandbox's access changed: every joined client's access is asked again, and each one whose access changed
   * gets client/permissions and is held to it from then on (changeAccess). A client that may not enter any more (its
   * sandbox is gone) is disconnected. Resolves once every client was reviewed.
   */
  reviewAccess(): Promise<void> {
    const review = async () => {
      const checks = [...this.accessChecks];
      const levels = await Promise.all(checks.map(([, check]) => check().catch(() => undefined)));
      checks.forEach(([session], i) => {
        if (this.sessions.get(session.clientId) !== session) return;
        const level = levels[i];
        if (level === undefined) session.channel.close(4003, 'Access revoked');
        else if (level !== session.identity.access) this.changeAccess(session, level);
      });
    };
    this.reviewing = this.reviewing.then(review, review);
    return this.reviewing;
  }

  /**
   * A client's access changed while it is connected (its sandbox's sharing was changed): its permissions follow at
   * once, for every later request, and the client is told (client/permissions) so its views can follow too.
   */
  changeAccess(session: ClientSession, access: AccessLevel): void {
    session.identity.access = access;
    session.permissions = permissionsFor(access);
    session.notify('client/permissions', { isProtected: false, permissions: session.permissions });
  }

  leave(session: ClientSession, announce = true): void {
    if (this.sessions.get(session.clientId) !== session) return;
    session.active = false;
    this.documents.closeAll(session);
    this.languages.clientLeft(session);
    this.channels.leaveAll(session);
    this.system.unsubscribe(session);
    this.sessions.delete(session.clientId);
    this.accessChecks.delete(session);
    this.shells.clientLeft(session);
    if (announce) this.broadcast('client/disconnected', { clientId: session.clientId, reason: 'Disconnect' });
  }

  /** Encodes once, sends to every client (but one); a client that stays too far behind is disconnected instead. */
  broadcast<M extends NotificationMethod>(method: M, params: PitcherNotifications[M], except?: ClientSession): void {
    ClientSession.notifyAll([...this.sessions.values()].filter((session) => session !== except), method, params);
  }

  /**
   * Paths changed on disk: the tree catches up (every client gets the operations) and open documents of changed
   * files merge the new content. Resolves when done (batches are applied in order).
   */
  diskChanged(paths: readonly string[], allDocuments = false): Promise<void> {
    this.syncing = this.syncing.then(async () => {
      try {
        const { operations, changedFiles } = await this.tree.applyDiskChanges(paths);
        if (operations.length > 0) this.broadcast('fs/operations', { operations: operations as never });
        const files = allDocuments ? this.documents.fileIds() : changedFiles;
        await Promise.all(files.map((fileId) => this.documents.diskChanged(fileId)));
        this.filesChanged.fire(paths);
      } catch (error) {
        this.deps.log(`could not apply changes made on disk: ${(error as Error).message}`);
      }
    });
    return this.syncing;
  }

  /**
   * Runs `job` after the disk-change batches already queued, and holds later ones until it is done: a change a
   * client makes on disk and in the tree (fs/operation) is never interleaved with the watcher's report of it.
   */
  exclusive<T>(job: () => Promise<T>): Promise<T> {
    const run = this.syncing.then(job);
    this.syncing = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /**
   * Stops everything; resolves once the workspace's git processes ended and its saves are written and recorded (its
   * files are then left alone). The clients are disconnected after the saves, so that each gets its save's answer.
   */
  async dispose(): Promise<void> {
    this.deps.watcher?.dispose();
    for (const service of [this.languages, this.containers, this.ports, this.tasks, this.search, this.rawFs, this.system]) service.dispose();
    this.startup.dispose();
    const gitStopped = this.git.close();
    this.notifications.dispose();
    this.shells.dispose();
    await this.documents.shutDown();
    for (const session of this.sessions.values()) session.channel.close(1001, 'PitcherShutdown');
    this.sessions.clear();
    this.accessChecks.clear();
    await gitStopped;
  }
}

/** What a client asked to be pushed in its join (`subscriptions`, protocol.md §2) that the workspace honours. */
export interface ClientSubscriptions {
  /** `subscriptions.system.metrics`: system/metrics every METRICS_PUSH_MS. */
  metrics: boolean;
}

/** The subscriptions of a join's params (an open map; anything else than `true` is not a subscription). */
export function clientSubscriptions(subscriptions: unknown): ClientSubscriptions {
  const system = typeof subscriptions === 'object' && subscriptions !== null ? (subscriptions as Record<string, unknown>).system : undefined;
  return { metrics: typeof system === 'object' && system !== null && (system as Record<string, unknown>).metrics === true };
}

export function encodeNotification<M extends NotificationMethod>(method: M, params: PitcherNotifications[M]): Uint8Array {
  return encodeMessage(notification(method, params));
}
