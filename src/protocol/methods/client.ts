import { RequestPermissions, RequestSchemas } from '../family';
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
/** Permission groups of the join result (protocol.md §2); every leaf a boolean. */
export interface PitcherPermissions {
  file: PermissionGroup;
  fs: PermissionGroup;
  shell: PermissionGroup;
  git: PermissionGroup;
  language: PermissionGroup;
  setup: PermissionGroup;
  task: PermissionGroup;
  command: PermissionGroup;
  system: PermissionGroup;
  channel: PermissionGroup;
  notification: PermissionGroup;
  container: PermissionGroup;
}
export type PitcherCapabilities = Record<string, Record<string, boolean>>;

/** Open maps: the join must keep working with newer clients that send more about themselves. */
export const clientJoinParams = object.open({
  clientInfo: object.open({ protocolVersion: string({ max: 64 }), appId: string({ max: 64 }) }),
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

export interface ClientPermissionsNotification {
  isProtected: boolean;
  permissions: PitcherPermissions;
}

export interface ClientRequests {
  'client/join': { params: ClientJoinParams; result: ClientJoinResult };
  'client/list': { params: Record<string, never>; result: ClientListResult };
}
export interface ClientNotifications {
  'client/connected': ClientJSON;
  'client/updated': ClientJSON;
  'client/disconnected': ClientDisconnectedParams;
  'client/permissions': ClientPermissionsNotification;
}
export const clientSchemas: RequestSchemas<ClientRequests> = { 'client/join': clientJoinParams, 'client/list': clientListParams };
export const clientPermissions: RequestPermissions<ClientRequests> = { 'client/join': 'joined', 'client/list': 'joined' };
