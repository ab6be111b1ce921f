import { RequestPermissions, RequestSchemas } from '../family';

/** setup/* messages (protocol.md §3 setup). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface SetupRequests {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface SetupNotifications {}
export const setupSchemas: RequestSchemas<SetupRequests> = {};
export const setupPermissions: RequestPermissions<SetupRequests> = {};
