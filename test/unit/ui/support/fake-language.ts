import { act } from '@testing-library/react';
import { LanguagePort, LspNotification, LspServerRequest } from '../../../../src/application/ports/language.port';
import { Emitter } from '../../../../src/base/event';

/** A workspace without language servers whose diagnostics a test publishes (as textDocument/publishDiagnostics). */
export class FakeLanguage implements LanguagePort {
  readonly notifications = new Emitter<LspNotification>();
  readonly onDidReceiveLspNotification = this.notifications.event;
  readonly onDidReceiveLspServerRequest = new Emitter<LspServerRequest>().event;
  list = async () => [];
  lspRequest = async () => null;
  lspServerResponse = async () => undefined;

  publish(serverId: string, uri: string, diagnostics: unknown[]): void {
    act(() => this.notifications.fire({ languageId: 'typescript', serverId, method: 'textDocument/publishDiagnostics', params: { uri, diagnostics } }));
  }
}
