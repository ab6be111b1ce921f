import { RequestPermissions, RequestSchemas } from '../family';

/** container/* messages (protocol.md §3). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface ContainerRequests {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface ContainerNotifications {}
export const containerSchemas: RequestSchemas<ContainerRequests> = {};
export const containerPermissions: RequestPermissions<ContainerRequests> = {};
