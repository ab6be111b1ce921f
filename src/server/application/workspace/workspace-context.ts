import { Event } from '../../../base/event';
import { NotificationMethod, PitcherNotifications } from '../../../protocol';
import { ProcessRuntime, WorkspaceBox } from '../ports/process-runtime.port';
import { WorkspaceFiles } from '../ports/workspace-files.port';
import { ClientSession } from './client-session';
import { ShellHub } from './shell-hub';
import { WorkspaceTree } from './workspace-tree';

/** What a workspace's family services (git, tasks, ports, search, languages, …) share. */
export interface WorkspaceContext {
  readonly sandboxId: string;
  readonly box: WorkspaceBox;
  readonly files: WorkspaceFiles;
  readonly tree: WorkspaceTree;
  readonly runtime: ProcessRuntime;
  readonly shells: ShellHub;
  /** The joined clients. */
  sessions(): Iterable<ClientSession>;
  /** Encodes once and sends to every joined client (but one). */
  broadcast<M extends NotificationMethod>(method: M, params: PitcherNotifications[M], except?: ClientSession): void;
  /** Tells the workspace that paths changed on disk (the watcher would, later); resolves when the tree caught up. */
  diskChanged(paths: readonly string[]): Promise<void>;
  /** Runs `job` between batches of disk changes (none is applied meanwhile): a tree change together with its disk change. */
  exclusive<T>(job: () => Promise<T>): Promise<T>;
  /** Fires after each batch of changes on disk was applied to the tree (workspace-relative paths). */
  readonly onDidChangeFiles: Event<readonly string[]>;
  newId(): string;
  log(message: string): void;
}
