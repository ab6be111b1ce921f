import { RequestPermissions, RequestSchemas } from '../family';

/** language/* messages (protocol.md §3 language). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface LanguageRequests {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface LanguageNotifications {}
export const languageSchemas: RequestSchemas<LanguageRequests> = {};
export const languagePermissions: RequestPermissions<LanguageRequests> = {};
