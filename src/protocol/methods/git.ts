import { RequestPermissions, RequestSchemas } from '../family';

/** git/* messages (protocol.md §3 git). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface GitRequests {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface GitNotifications {}
export const gitSchemas: RequestSchemas<GitRequests> = {};
export const gitPermissions: RequestPermissions<GitRequests> = {};
