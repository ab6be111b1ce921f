import { RequestPermissions, RequestSchemas } from '../family';

/** notification/* messages (protocol.md §3). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface NotificationRequests {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface NotificationNotifications {}
export const notificationSchemas: RequestSchemas<NotificationRequests> = {};
export const notificationPermissions: RequestPermissions<NotificationRequests> = {};
