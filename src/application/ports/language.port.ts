import { Event } from '../../base/event';
import { PortError, PortErrorKind } from './port-error';

/** Languages and the bridge to the workspace's language servers (protocol.md §3 language, docs/protocol/language.md). */
export const LanguagePort = Symbol('LanguagePort');

export interface Language {
  id: string;
  /** With the leading dot: '.tsx'. */
  extensions: string[];
  globs: string[];
  hasLanguageServer: boolean;
  /** Servers to address with lspRequest, preferred first. */
  languageServerIds: string[];
}

export interface LspMessage {
  method: string;
  params?: unknown;
}

export interface LspNotification extends LspMessage {
  languageId: string;
  serverId: string;
}

/** A request from a language server to the client; answer with lspServerResponse and the same id. */
export interface LspServerRequest extends LspMessage {
  languageId: string;
  serverId: string;
  id: number;
}

export interface LspResponseError {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * A failed LSP request. A language server's own error keeps its LSP code, message and data (the editor reads
 * them); a request that could not reach the server reads 'Failed to send request: {reason}' (spec 002 §8).
 */
export class LspRequestError extends PortError {
  constructor(
    message: string,
    readonly lspError: LspResponseError | undefined,
    kind: PortErrorKind = 'rejected',
  ) {
    super(kind, message, lspError?.code, false, lspError?.data);
    this.name = 'LspRequestError';
  }
}

export const failedToSendRequest = (reason: string): string => `Failed to send request: ${reason}`;

/** Spec 002 §9: "LSP request time-out 10 min". */
export const LSP_REQUEST_TIMEOUT_MS = 10 * 60 * 1000;

export interface LanguagePort {
  readonly onDidReceiveLspNotification: Event<LspNotification>;
  readonly onDidReceiveLspServerRequest: Event<LspServerRequest>;
  list(): Promise<Language[]>;
  /** A request (resolves with its result) or, without `id`, a notification (resolves with null). */
  lspRequest(languageId: string, serverId: string, message: LspMessage & { id?: number | string }): Promise<unknown>;
  lspServerResponse(languageId: string, serverId: string, message: { id: number; result?: unknown; error?: LspResponseError }): Promise<void>;
}
