import { Infer, boolean, empty, object, optional, string, unknownValue } from '../schema';

/** client/* messages (protocol.md §2). */
export interface ClientJSON {
  clientId: string;
  username: string;
  name: string;
  avatarUrl: string | null;
  color: string;
  appId: string;
}

export type PermissionGroup = Record<string, boolean>;
export interface PitcherPermissions {
  file: PermissionGroup;
  fs: PermissionGroup;
  shell: PermissionGroup;
  client: PermissionGroup;
  git: PermissionGroup;
  language: PermissionGroup;
}
export type PitcherCapabilities = Record<string, Record<string, boolean>>;

export const clientJoinParams = object({
  clientInfo: object({ protocolVersion: string({ max: 64 }), appId: string({ max: 64 }) }),
  asyncProgress: optional(boolean),
  subscriptions: optional(unknownValue),
});
export type ClientJoinParams = Infer<typeof clientJoinParams>;

export interface ClientJoinResult {
  client: ClientJSON;
  workspacePath: string;
  version: string;
  protocolVersion: string;
  latestPitcherVersion: string;
  capabilities: PitcherCapabilities;
  permissions: PitcherPermissions;
  isProtected: boolean;
  reconnectToken: string;
}

export const clientListParams = empty;
export type ClientListResult = ClientJSON[];

export interface ClientDisconnectedParams {
  clientId: string;
  reason: 'AuthorizationChanged' | 'Disconnect' | 'PitcherShutdown';
}
