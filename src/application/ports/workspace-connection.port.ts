import { Event } from '../../base/event';
import { Result } from '../../base/result';
import { ConnectionError } from '../../domain/connection/connection.errors';
import { ConnectionState } from '../../domain/connection/connection-state';
import { ResyncCause, ResyncFamily } from '../../domain/connection/resync-order';
import { PermissionTable } from '../../domain/permissions/workspace-access';

/** The live connection to a workspace service (spec 002 §4 service-level states). */
export const WorkspaceConnectionPort = Symbol('WorkspaceConnectionPort');

/** CONNECTING, CONNECTED, RECONNECTING (attempt), HIBERNATED, DISCONNECTED (reason, wasClean, code, wasNotFound). */
export type ConnectionStatus = ConnectionState;

/** After a reconnect or an instance switch: the families to resync, in the spec's order (spec 002 §4). */
export interface ResyncRequest {
  cause: ResyncCause;
  families: readonly ResyncFamily[];
}

export interface Collaborator {
  clientId: string;
  username: string;
  name: string;
  color: string;
  /** The user's picture (spec 002 §3 Client avatarUrl); absent: the avatar shows the initial. */
  avatarUrl?: string;
}

/** Permission groups, each leaf a boolean (spec 002 §6). */
export type ClientPermissions = PermissionTable;

/** This client's permissions: from its join, then from every client/permissions. */
export interface PermissionsUpdate {
  isProtected: boolean;
  permissions: ClientPermissions;
}

/** What the workspace's server can do (the join's capabilities, protocol.md §2): family → feature → flag. */
export type ClientCapabilities = Readonly<Record<string, Readonly<Record<string, boolean | number>> | undefined>>;

export interface JoinInfo extends PermissionsUpdate {
  self: Collaborator;
  /** The join's capabilities; absent: none known. */
  capabilities?: ClientCapabilities;
  /** true for a re-join after a lost connection: everything must be resynced */
  isReconnect: boolean;
}

export interface WorkspaceHostAddress {
  pitcherUrl: string;
  pitcherToken: string;
}

export interface WorkspaceConnectionPort {
  readonly onDidChangeStatus: Event<ConnectionStatus>;
  readonly onDidJoin: Event<JoinInfo>;
  /**
   * client/permissions: this client's permissions changed while it is joined (spec 002 §6 "Client permission updates
   * are forwarded as events"); the server holds it to them from then on.
   */
  readonly onDidChangePermissions: Event<PermissionsUpdate>;
  /**
   * Connects with a freshly minted host; `renew` mints a new one before every later connection attempt
   * (pitcher tokens are short-lived, so a reconnect needs a new token).
   */
  connect(host: WorkspaceHostAddress, renew?: () => Promise<WorkspaceHostAddress>): void;
  disconnect(): void;
  readonly status: ConnectionStatus;
  /** Fired after a join that follows a lost connection or an instance switch, once the queue is flushed. */
  readonly onDidRequestResync: Event<ResyncRequest>;
  /** The workspace service's version from the last join (feature checks, spec 001 §9); undefined before. */
  readonly serverVersion: string | undefined;
  /** Starts a reconnect now; refused with 'Already reconnecting' while (re)connecting. */
  reconnect(): Result<void, ConnectionError>;
  /**
   * Seamless instance switch: silence this connection, resolve the new host, connect and join it, then resync.
   * Rejects with 'You can not change instance when: {state}' unless connected.
   */
  changeInstance(resolveHost: () => Promise<WorkspaceHostAddress>): Promise<void>;
  /** From now on sends fail with 'Instance change required' until an instance switch joins. */
  requireInstanceChange(): void;
}
