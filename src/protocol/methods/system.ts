import { RequestPermissions, RequestSchemas } from '../family';

/** system/* messages (protocol.md §3 system). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface SystemRequests {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface SystemNotifications {}
export const systemSchemas: RequestSchemas<SystemRequests> = {};
export const systemPermissions: RequestPermissions<SystemRequests> = {};
