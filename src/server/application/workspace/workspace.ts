import { ClientJSON, NotificationMethod, PitcherNotifications, encodeMessage, notification } from '../../../protocol';
import { DocumentJournal } from '../ports/document-journal.port';
import { ShellHost } from '../ports/shell-host.port';
import { WorkspaceFiles } from '../ports/workspace-files.port';
import { ClientChannel, ClientIdentity, ClientSession } from './client-session';
import { pickColor } from './client-colors';
import { DocumentHub } from './document-hub';
import { permissionsFor } from './permissions';
import { ShellHub } from './shell-hub';
import { WorkspaceTree } from './workspace-tree';

/** Debounce of the disk rescan that follows shell activity (spec 002 §9: fs sync debounce). */
export const TREE_REFRESH_DEBOUNCE_MS = 300;

export interface WorkspaceDependencies {
  sandboxId: string;
  files: WorkspaceFiles;
  tree: WorkspaceTree;
  journal: DocumentJournal;
  shellHost: ShellHost;
  newId: () => string;
}

/** One running workspace: its clients, file tree, open documents and shells. */
export class Workspace {
  readonly sandboxId: string;
  readonly tree: WorkspaceTree;
  readonly documents: DocumentHub;
  readonly shells: ShellHub;
  private readonly sessions = new Map<string, ClientSession>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: WorkspaceDependencies) {
    this.sandboxId = deps.sandboxId;
    this.tree = deps.tree;
    this.documents = new DocumentHub(deps.tree, deps.files, deps.journal);
    this.shells = new ShellHub(deps.shellHost, {
      clients: () => this.sessions.values(),
      resolveCwd: async (path) => {
        try {
          return await deps.files.resolve(path ?? '');
        } catch {
          return undefined;
        }
      },
      onOutput: () => this.scheduleRefresh(),
      newId: deps.newId,
    });
  }

  get clients(): ClientJSON[] {
    return [...this.sessions.values()].map((s) => s.json);
  }

  session(clientId: string): ClientSession | undefined {
    return this.sessions.get(clientId);
  }

  /** Adds a client; a reconnecting client keeps its id (and replaces a stale session under it). */
  join(identity: ClientIdentity, channel: ClientChannel, appId: string, clientId: string): ClientSession {
    const stale = this.sessions.get(clientId);
    if (stale) this.leave(stale, false);
    const taken = new Set([...this.sessions.values()].map((s) => s.json.color));
    const json: ClientJSON = { clientId, username: identity.username, name: identity.name, avatarUrl: null, color: pickColor(taken), appId };
    const session = new ClientSession(json, identity, permissionsFor(identity.access), channel, encodeNotification);
    // A client resuming with its reconnect token is known to the others already: it is updated.
    this.broadcast(stale ? 'client/updated' : 'client/connected', json);
    this.sessions.set(clientId, session);
    return session;
  }

  leave(session: ClientSession, announce = true): void {
    if (this.sessions.get(session.clientId) !== session) return;
    this.documents.closeAll(session);
    this.sessions.delete(session.clientId);
    if (announce) this.broadcast('client/disconnected', { clientId: session.clientId, reason: 'Disconnect' });
  }

  /** Encodes once, sends to every client (but one). */
  broadcast<M extends NotificationMethod>(method: M, params: PitcherNotifications[M], except?: ClientSession): void {
    const frame = encodeNotification(method, params);
    for (const session of this.sessions.values()) if (session !== except) session.channel.send(frame);
  }

  /** Brings the tree up to date with the disk and tells every client what changed. */
  refreshTree(): Promise<void> {
    this.refreshing = this.refreshing.then(async () => {
      const operations = await this.tree.refresh();
      if (operations.length > 0) this.broadcast('fs/operations', { operations: operations as never });
    });
    return this.refreshing;
  }

  scheduleRefresh(): void {
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      void this.refreshTree().catch(() => undefined);
    }, TREE_REFRESH_DEBOUNCE_MS);
  }

  dispose(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.shells.dispose();
    for (const session of this.sessions.values()) session.channel.close(1001, 'PitcherShutdown');
    this.sessions.clear();
  }
}

export function encodeNotification<M extends NotificationMethod>(method: M, params: PitcherNotifications[M]): Uint8Array {
  return encodeMessage(notification(method, params));
}
