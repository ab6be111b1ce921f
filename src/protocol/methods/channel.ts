import { RequestPermissions, RequestSchemas } from '../family';

/** channel/* messages (protocol.md §3). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface ChannelRequests {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface ChannelNotifications {}
export const channelSchemas: RequestSchemas<ChannelRequests> = {};
export const channelPermissions: RequestPermissions<ChannelRequests> = {};
