import { Emitter } from '../../base/event';
import {
  LSP_REQUEST_TIMEOUT_MS,
  Language,
  LanguagePort,
  LspMessage,
  LspNotification,
  LspRequestError,
  LspResponseError,
  LspServerRequest,
  failedToSendRequest,
} from '../../application/ports/language.port';
import { PortError } from '../../application/ports/port-error';
import { PitcherClient } from './pitcher-client';

/** A server's LSP error keeps its code and message; a transport failure becomes 'Failed to send request: …'. */
export function toLspError(error: unknown): LspRequestError {
  if (error instanceof PortError && error.kind === 'rejected') {
    return new LspRequestError(error.message, { code: error.code ?? 0, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new LspRequestError(failedToSendRequest(reason), undefined, error instanceof PortError ? error.kind : 'disconnected');
}

export class PitcherLanguage implements LanguagePort {
  private readonly notifications = new Emitter<LspNotification>();
  private readonly serverRequests = new Emitter<LspServerRequest>();
  readonly onDidReceiveLspNotification = this.notifications.event;
  readonly onDidReceiveLspServerRequest = this.serverRequests.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('language/lspNotification', (p) =>
      this.notifications.fire({ languageId: p.languageId, serverId: p.serverId, method: p.message.method, ...('params' in p.message ? { params: p.message.params } : {}) }),
    );
    client.onNotification('language/lspServerRequest', (p) =>
      this.serverRequests.fire({
        languageId: p.languageId,
        serverId: p.serverId,
        id: p.message.id,
        method: p.message.method,
        ...('params' in p.message ? { params: p.message.params } : {}),
      }),
    );
  }

  async list(): Promise<Language[]> {
    return (await this.client.request('language/list', {})).languages.map((l) => ({
      id: l.id,
      extensions: [...l.extensions],
      globs: [...l.globs],
      hasLanguageServer: l.hasLanguageServer,
      languageServerIds: [...l.languageServerIds],
    }));
  }

  async lspRequest(languageId: string, serverId: string, message: LspMessage & { id?: number | string }): Promise<unknown> {
    try {
      return await this.client.request('language/lspRequest', { languageId, serverId, message }, LSP_REQUEST_TIMEOUT_MS);
    } catch (error) {
      throw toLspError(error);
    }
  }

  async lspServerResponse(languageId: string, serverId: string, message: { id: number; result?: unknown; error?: LspResponseError }): Promise<void> {
    await this.client.request('language/lspServerResponse', { languageId, serverId, message });
  }
}
