import { Event } from '../../base/event';

/** What the workspace says about this client's rights and about clients leaving (protocol.md §2 client/*). */
export const PresencePort = Symbol('PresencePort');

/** Permission groups, each leaf a boolean (spec 002 §6). */
export type ClientPermissions = Readonly<Record<string, Readonly<Record<string, boolean>>>>;

export interface PermissionsUpdate {
  isProtected: boolean;
  permissions: ClientPermissions;
}

export interface PresencePort {
  /** client/permissions: this client's permissions changed (forwarded as events, spec 002 §6). */
  readonly onDidChangePermissions: Event<PermissionsUpdate>;
  /** client/disconnected. */
  readonly onDidLeave: Event<{ clientId: string; reason: string }>;
  /** The connected clients' ids (client/list). */
  listClientIds(): Promise<string[]>;
}
