import { RequestPermissions, RequestSchemas } from '../family';

/** command/* messages (protocol.md §3). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface CommandRequests {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface CommandNotifications {}
export const commandSchemas: RequestSchemas<CommandRequests> = {};
export const commandPermissions: RequestPermissions<CommandRequests> = {};
