import { RequestPermissions, RequestSchemas } from '../family';

/** task/* messages (protocol.md §3 task). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface TaskRequests {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface TaskNotifications {}
export const taskSchemas: RequestSchemas<TaskRequests> = {};
export const taskPermissions: RequestPermissions<TaskRequests> = {};
