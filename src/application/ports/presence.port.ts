import { Event } from '../../base/event';

/**
 * What the workspace says about clients leaving (protocol.md §2 client/*); this client's own permissions come with the
 * connection (WorkspaceConnectionPort.onDidJoin, onDidChangePermissions).
 */
export const PresencePort = Symbol('PresencePort');

export interface PresencePort {
  /** client/disconnected. */
  readonly onDidLeave: Event<{ clientId: string; reason: string }>;
  /** The connected clients' ids (client/list). */
  listClientIds(): Promise<string[]>;
}
