import { err, ok } from '../../base/result';
import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, Schema, empty, integer, object, optional, string, unknownValue } from '../schema';

/**
 * language/* messages (protocol.md §3 language; spec 002 §7): the language catalog and a bridge to the workspace's
 * language servers. A client speaks LSP through language/lspRequest (requests and notifications alike) with
 * workspace URIs (`file:///src/App.tsx`); docs/protocol/language.md describes the bridge. LSP messages are open maps
 * (a client may pass `jsonrpc: '2.0'` along); the fields the bridge uses are checked.
 */
const languageId = string({ nonEmpty: true, max: 128 });
const serverId = string({ nonEmpty: true, max: 128 });
const lspMethod = string({ nonEmpty: true, max: 256 });

/** A JSON-RPC id: an integer or a string. */
const lspId: Schema<number | string> = (value, path) =>
  (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && value.length <= 256)
    ? ok(value)
    : err(`${path} must be an integer or a string of at most 256 characters`);

export interface LanguageJSON {
  id: string;
  /** With the leading dot: '.tsx'. */
  extensions: string[];
  /** File-name globs: 'Dockerfile', '.env.*'. */
  globs: string[];
  hasLanguageServer: boolean;
  /** The serverIds language/lspRequest accepts for this language, preferred first. */
  languageServerIds: string[];
}
export interface LanguageListResult {
  languages: LanguageJSON[];
}

export const lspRequestParams = object({
  languageId,
  serverId,
  message: object.open({
    method: lspMethod,
    params: optional(unknownValue),
    /** The client's own JSON-RPC id of this request (optional): a later $/cancelRequest may name it. */
    id: optional(lspId),
  }),
});
export type LspRequestParams = Infer<typeof lspRequestParams>;

export const lspResponseError = object.open({ code: integer(), message: string({ max: 64 * 1024 }), data: optional(unknownValue) });
export type LspResponseError = Infer<typeof lspResponseError>;

export const lspServerResponseParams = object({
  languageId,
  serverId,
  message: object.open({ id: integer({ min: 0 }), result: optional(unknownValue), error: optional(lspResponseError) }),
});
export type LspServerResponseParams = Infer<typeof lspServerResponseParams>;

export interface LspNotificationParams {
  languageId: string;
  serverId: string;
  message: { method: string; params?: unknown };
}
export interface LspServerRequestParams {
  languageId: string;
  serverId: string;
  /** `id` is the bridge's: answer it with language/lspServerResponse. */
  message: { id: number; method: string; params?: unknown };
}

export interface LanguageRequests {
  'language/list': { params: Record<string, never>; result: LanguageListResult };
  /** The LSP result (null for a notification); an LSP error is the protocol error `{code, message, data?}`. */
  'language/lspRequest': { params: LspRequestParams; result: unknown };
  'language/lspServerResponse': { params: LspServerResponseParams; result: null };
}
export interface LanguageNotifications {
  'language/lspNotification': LspNotificationParams;
  'language/lspServerRequest': LspServerRequestParams;
}
export const languageSchemas: RequestSchemas<LanguageRequests> = {
  'language/list': empty,
  'language/lspRequest': lspRequestParams,
  'language/lspServerResponse': lspServerResponseParams,
};
/**
 * Language features only read the workspace: hover, completion, and even rename and formatting, which compute
 * edits the client then applies as document operations (those need file permissions). The few LSP methods that
 * may change files themselves (workspace/executeCommand) are checked against language.lspWrite by the bridge.
 */
export const languagePermissions: RequestPermissions<LanguageRequests> = {
  'language/list': ['language', 'list'],
  'language/lspRequest': ['language', 'lspRead'],
  'language/lspServerResponse': ['language', 'lspRead'],
};
