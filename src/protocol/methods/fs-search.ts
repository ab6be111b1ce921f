import { RequestPermissions, RequestSchemas } from '../family';

/** fs/search, fs/streamingSearch, fs/cancelStreamingSearch and fs/pathSearch (protocol.md §3 fs). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface FsSearchRequests {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface FsSearchNotifications {}
export const fsSearchSchemas: RequestSchemas<FsSearchRequests> = {};
export const fsSearchPermissions: RequestPermissions<FsSearchRequests> = {};
