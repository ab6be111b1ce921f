import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { Language, LanguagePort, LspMessage, LspNotification, LspRequestError, LspResponseError, LspServerRequest } from '../../../../src/application/ports/language.port';
import { LanguageStore } from '../../../../src/application/language/language.store';
import { LSP_METHOD_NOT_FOUND, LspChannel } from '../../../../src/application/language/lsp-channel';

const languages: Language[] = [
  { id: 'typescript', extensions: ['.ts', '.tsx'], globs: [], hasLanguageServer: true, languageServerIds: ['tsserver', 'eslint'] },
  { id: 'dockerfile', extensions: [], globs: ['Dockerfile'], hasLanguageServer: false, languageServerIds: [] },
  { id: 'dotenv', extensions: [], globs: ['.env.*'], hasLanguageServer: false, languageServerIds: [] },
];

class FakeLanguage implements LanguagePort {
  readonly notifications = new Emitter<LspNotification>();
  readonly serverRequests = new Emitter<LspServerRequest>();
  onDidReceiveLspNotification = this.notifications.event;
  onDidReceiveLspServerRequest = this.serverRequests.event;
  readonly sent: unknown[] = [];
  readonly responses: Array<{ id: number; result?: unknown; error?: LspResponseError }> = [];
  failure: Error | undefined;
  list = async () => languages;
  lspRequest = async (languageId: string, serverId: string, message: LspMessage & { id?: number | string }) => {
    this.sent.push({ languageId, serverId, message });
    if (this.failure) throw this.failure;
    return message.method === 'textDocument/hover' ? { contents: 'string' } : null;
  };
  lspServerResponse = async (_l: string, _s: string, message: { id: number; result?: unknown; error?: LspResponseError }) => {
    this.responses.push(message);
  };
}

async function setUp() {
  const port = new FakeLanguage();
  const store = new LanguageStore(port);
  await store.resync();
  return { port, store, lsp: new LspChannel(port, store) };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('LanguageStore', () => {
  it('resyncs the language list and finds languages by path and their preferred server', async () => {
    const { store } = await setUp();
    expect(store.languages.map((l) => l.id)).toEqual(['typescript', 'dockerfile', 'dotenv']);
    expect(store.forPath('src/App.TSX')?.id).toBe('typescript');
    expect(store.forPath('docker/Dockerfile')?.id).toBe('dockerfile');
    expect(store.forPath('.env.local')?.id).toBe('dotenv');
    expect(store.forPath('README')).toBeUndefined();
    expect(store.serverOf('typescript')).toBe('tsserver');
    expect(store.serverOf('dockerfile')).toBeUndefined();
  });
});

describe('LspChannel', () => {
  it('sends requests to the preferred server and notifications without an id', async () => {
    const { port, lsp } = await setUp();
    await expect(lsp.request('typescript', 'textDocument/hover', { position: { line: 0, character: 1 } }, 7)).resolves.toEqual({ contents: 'string' });
    await lsp.notify('typescript', 'textDocument/didOpen', { textDocument: { uri: 'file:///a.ts' } });
    expect(port.sent).toEqual([
      { languageId: 'typescript', serverId: 'tsserver', message: { method: 'textDocument/hover', params: { position: { line: 0, character: 1 } }, id: 7 } },
      { languageId: 'typescript', serverId: 'tsserver', message: { method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///a.ts' } } } },
    ]);
  });

  it('refuses a request for a language without a server with "Failed to send request: …"', async () => {
    const { lsp } = await setUp();
    await expect(lsp.request('dockerfile', 'textDocument/hover')).rejects.toMatchObject({ message: 'Failed to send request: no language server for dockerfile' });
  });

  it('passes a server error on as an LspRequestError', async () => {
    const { port, lsp } = await setUp();
    port.failure = new LspRequestError('Request cancelled', { code: -32800, message: 'Request cancelled' });
    await expect(lsp.request('typescript', 'textDocument/completion')).rejects.toMatchObject({ lspError: { code: -32800 } });
  });

  it('delivers the notifications of one language', async () => {
    const { port, lsp } = await setUp();
    const seen: string[] = [];
    const sub = lsp.onNotification('typescript', (n) => seen.push(n.method));
    port.notifications.fire({ languageId: 'typescript', serverId: 'tsserver', method: 'textDocument/publishDiagnostics' });
    port.notifications.fire({ languageId: 'css', serverId: 'css', method: 'textDocument/publishDiagnostics' });
    sub.dispose();
    port.notifications.fire({ languageId: 'typescript', serverId: 'tsserver', method: '$/progress' });
    expect(seen).toEqual(['textDocument/publishDiagnostics']);
  });

  it('answers server requests with the handler, an error when it throws, and method-not-found without one', async () => {
    const { port, lsp } = await setUp();
    lsp.handleServerRequests('workspace/configuration', async () => [{ tabSize: 2 }]);
    lsp.handleServerRequests('window/showMessageRequest', async () => {
      throw new Error('no UI yet');
    });
    port.serverRequests.fire({ languageId: 'typescript', serverId: 'tsserver', id: 1, method: 'workspace/configuration', params: {} });
    port.serverRequests.fire({ languageId: 'typescript', serverId: 'tsserver', id: 2, method: 'window/showMessageRequest' });
    port.serverRequests.fire({ languageId: 'typescript', serverId: 'tsserver', id: 3, method: 'client/registerCapability' });
    await settle();
    expect([...port.responses].sort((a, b) => a.id - b.id)).toEqual([
      { id: 1, result: [{ tabSize: 2 }] },
      { id: 2, error: { code: -32603, message: 'no UI yet' } },
      { id: 3, error: { code: LSP_METHOD_NOT_FOUND, message: 'Unhandled method client/registerCapability' } },
    ]);
  });
});
