import { Event } from '../../base/event';

/** The live connection to a workspace service (spec 002 §4 service-level states). */
export const WorkspaceConnectionPort = Symbol('WorkspaceConnectionPort');

export type ConnectionStatus =
  | { kind: 'CONNECTING' }
  | { kind: 'CONNECTED' }
  | { kind: 'RECONNECTING'; attempt: number }
  | { kind: 'DISCONNECTED'; reason: string; wasClean: boolean };

export interface Collaborator {
  clientId: string;
  username: string;
  name: string;
  color: string;
}

export interface JoinInfo {
  self: Collaborator;
  canEdit: boolean;
  canCreateShells: boolean;
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
   * Connects with a freshly minted host; `renew` mints a new one before every later connection attempt
   * (pitcher tokens are short-lived, so a reconnect needs a new token).
   */
  connect(host: WorkspaceHostAddress, renew?: () => Promise<WorkspaceHostAddress>): void;
  disconnect(): void;
}
