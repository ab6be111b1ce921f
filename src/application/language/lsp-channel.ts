import { inject, injectable } from 'inversify';
import { Disposable, DisposableBase } from '../../base/lifecycle';
import { LanguagePort, LspNotification, LspRequestError, LspResponseError, failedToSendRequest } from '../ports/language.port';
import { LanguageStore } from './language.store';

/** Answers a language server's request to the client (workspace/configuration, window/showMessageRequest, …). */
export type LspServerRequestHandler = (method: string, params: unknown) => Promise<unknown>;

/** JSON-RPC "method not found": the answer when no handler is registered. */
export const LSP_METHOD_NOT_FOUND = -32601;

/**
 * The channel a Monaco language client will speak through: requests and notifications to a language's server,
 * the server's notifications, and answers to the server's own requests. The server is the language's preferred
 * one (language/list); requests time out after 10 minutes (spec 002 §9).
 */
@injectable()
export class LspChannel extends DisposableBase {
  private readonly handlers = new Map<string, LspServerRequestHandler>();

  constructor(
    @inject(LanguagePort) private readonly port: LanguagePort,
    @inject(LanguageStore) private readonly languages: LanguageStore,
  ) {
    super();
    this.register(port.onDidReceiveLspServerRequest((request) => void this.answer(request.languageId, request.serverId, request.id, request.method, request.params)));
    this.register(() => this.handlers.clear());
  }

  /** Sends an LSP request; rejects with an LspRequestError (the server's LSP error, or 'Failed to send request: …'). */
  request(languageId: string, method: string, params?: unknown, id?: number | string): Promise<unknown> {
    const serverId = this.languages.serverOf(languageId);
    if (!serverId) return Promise.reject(new LspRequestError(failedToSendRequest(`no language server for ${languageId}`), undefined));
    return this.port.lspRequest(languageId, serverId, { method, ...(params !== undefined ? { params } : {}), ...(id !== undefined ? { id } : {}) });
  }

  /** Sends an LSP notification (no answer expected). */
  async notify(languageId: string, method: string, params?: unknown): Promise<void> {
    await this.request(languageId, method, params);
  }

  /** The language servers' notifications for one language (diagnostics, progress, …). */
  onNotification(languageId: string, listener: (notification: LspNotification) => void): Disposable {
    return this.port.onDidReceiveLspNotification((n) => n.languageId === languageId && listener(n));
  }

  /** Handles the servers' requests of one method for every language; one handler per method. */
  handleServerRequests(method: string, handler: LspServerRequestHandler): Disposable {
    this.handlers.set(method, handler);
    return { dispose: () => this.handlers.get(method) === handler && void this.handlers.delete(method) };
  }

  private async answer(languageId: string, serverId: string, id: number, method: string, params: unknown): Promise<void> {
    const handler = this.handlers.get(method);
    let reply: { id: number; result?: unknown; error?: LspResponseError };
    if (!handler) reply = { id, error: { code: LSP_METHOD_NOT_FOUND, message: `Unhandled method ${method}` } };
    else {
      try {
        reply = { id, result: (await handler(method, params)) ?? null };
      } catch (error) {
        reply = { id, error: { code: -32603, message: (error as Error).message } };
      }
    }
    await this.port.lspServerResponse(languageId, serverId, reply).catch(() => undefined);
  }
}
