import { match, P } from 'ts-pattern';
import { LspError, LspErrorCode } from '../../../../domain/language/lsp-methods';

/**
 * What the bridge does with a request a language server makes (server → client):
 * - answered by the bridge itself, since the server is shared and these have one sensible answer:
 *   workspace/configuration (an empty settings object per item: the server's defaults; the vscode css server fails
 *   to validate with null), client/registerCapability and
 *   client/unregisterCapability (accepted), window/workDoneProgress/create (accepted; $/progress notifications
 *   reach every client), workspace/workspaceFolders (the workspace root);
 * - the workspace/…/refresh requests (semantic tokens, inlay hints, code lenses, diagnostics, inline values, folding ranges):
 *   answered null and sent to every client as a language/lspNotification;
 * - everything else (workspace/applyEdit, window/showMessageRequest, window/showDocument, …) goes to one client
 *   as language/lspServerRequest; workspace/applyEdit only to a client with language.lspWrite.
 */
export type ServerRequestRoute =
  | { kind: 'answer'; result: unknown }
  | { kind: 'broadcast' }
  | { kind: 'ask-client'; needsWrite: boolean };

const REFRESH = /^workspace\/(semanticTokens|inlayHint|codeLens|diagnostic|inlineValue|foldingRange)\/refresh$/;

export function routeServerRequest(method: string, params: unknown, rootUri: string): ServerRequestRoute {
  return match(method)
    .with('workspace/configuration', () => {
      const items = (params as { items?: unknown } | null)?.items;
      return { kind: 'answer' as const, result: Array.isArray(items) ? items.map(() => ({})) : [] };
    })
    .with('client/registerCapability', 'client/unregisterCapability', 'window/workDoneProgress/create', () => ({ kind: 'answer' as const, result: null }))
    .with('workspace/workspaceFolders', () => ({ kind: 'answer' as const, result: [{ uri: rootUri, name: 'workspace' }] }))
    .with(P.string.regex(REFRESH), () => ({ kind: 'broadcast' as const }))
    .otherwise(() => ({ kind: 'ask-client' as const, needsWrite: method === 'workspace/applyEdit' }));
}

/** The answer when no client can be asked (none is connected, the one asked left, or it did not answer in time). */
export function unansweredServerRequest(method: string, reason: string): { result: unknown } | { error: LspError } {
  return match(method)
    .with('workspace/applyEdit', () => ({ result: { applied: false, failureReason: reason } }))
    .with('window/showMessageRequest', () => ({ result: null }))
    .with('window/showDocument', () => ({ result: { success: false } }))
    .otherwise(() => ({ error: { code: LspErrorCode.RequestFailed, message: reason } }));
}
