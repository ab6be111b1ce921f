import { LspRequestError } from '../ports/language.port';

/** LSP error codes that mean "no answer needed": the request was cancelled, or the document changed under it. */
export const LSP_REQUEST_CANCELLED = -32800;
export const LSP_CONTENT_MODIFIED = -32801;
export const LSP_SERVER_CANCELLED = -32802;
const NO_ANSWER_CODES = new Set([LSP_REQUEST_CANCELLED, LSP_CONTENT_MODIFIED, LSP_SERVER_CANCELLED]);

/**
 * Whether a failed language request is one the editor answers with "nothing" and says nothing about (issue 19 item
 * 5): the request never reached a server (the workspace connection is down or reconnecting, no server serves the
 * language; the features come back with the connection), or the server cancelled it or answered that the document
 * changed meanwhile (as VS Code's language client treats them). A server's other errors are real failures.
 */
export function isQuietLspFailure(error: unknown): boolean {
  if (!(error instanceof LspRequestError)) return false;
  return error.lspError === undefined || NO_ANSWER_CODES.has(error.lspError.code);
}
