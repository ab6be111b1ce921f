/**
 * LSP methods a client sends without expecting a response (LSP 3.17 client-to-server notifications). A client
 * sends every LSP message through language/lspRequest; these are forwarded as notifications and answered with
 * null at once, everything else is an LSP request whose result is the lspRequest's result.
 */
const CLIENT_NOTIFICATIONS: ReadonlySet<string> = new Set([
  'initialized',
  'exit',
  '$/cancelRequest',
  '$/setTrace',
  '$/progress',
  'textDocument/didOpen',
  'textDocument/didChange',
  'textDocument/didClose',
  'textDocument/didSave',
  'textDocument/willSave',
  'notebookDocument/didOpen',
  'notebookDocument/didChange',
  'notebookDocument/didSave',
  'notebookDocument/didClose',
  'workspace/didChangeConfiguration',
  'workspace/didChangeWatchedFiles',
  'workspace/didChangeWorkspaceFolders',
  'workspace/didCreateFiles',
  'workspace/didRenameFiles',
  'workspace/didDeleteFiles',
  'window/workDoneProgress/cancel',
]);

export function isClientNotification(method: string): boolean {
  return CLIENT_NOTIFICATIONS.has(method);
}

/** LSP error codes the bridge itself answers with (LSP 3.17 ErrorCodes / LSPErrorCodes). */
export const LspErrorCode = {
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  RequestFailed: -32803,
  RequestCancelled: -32800,
} as const;

export interface LspError {
  code: number;
  message: string;
  data?: unknown;
}
