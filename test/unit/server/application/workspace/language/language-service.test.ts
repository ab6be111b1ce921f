import { LanguageServers } from '../../../../../../src/server/application/ports/language-servers.port';
import { LanguageService } from '../../../../../../src/server/application/workspace/language/language-service';
import { LANGUAGE_TIMING } from '../../../../../../src/server/application/workspace/language/language-timing';
import { fakeWorkspace } from './fake-language-server';

const installed: LanguageServers = {
  launch: (id) => (['typescript', 'css'].includes(id) ? { file: '/usr/bin/node', args: [`/srv/${id}.js`, '--stdio'], initializationOptions: { x: 1 } } : undefined),
};
const ts = (method: string, params?: unknown, id?: number) => ({ languageId: 'typescript', serverId: 'typescript', message: { method, params, id } });
const open = (uri = 'file:///src/a.ts', text = 'let a = 1;', version = 1) => ts('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version, text } });
const hover = (id?: number) => ts('textDocument/hover', { textDocument: { uri: 'file:///src/a.ts' }, position: { line: 0, character: 4 } }, id);
/** Lets promise callbacks (the handshake, responses) run. */
const settle = () => jest.advanceTimersByTimeAsync(0);

describe('LanguageService (the LSP bridge) over a fake language server', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup(behaviour?: Parameters<typeof fakeWorkspace>[0]) {
    const w = fakeWorkspace(behaviour);
    const service = new LanguageService(w.ctx, installed);
    return { ...w, service, a: w.session('a'), b: w.session('b') };
  }

  it('lists servers only for installed server ids', () => {
    const { service } = setup();
    const languages = service.list().languages;
    expect(languages.find((l) => l.id === 'less')).toMatchObject({ hasLanguageServer: true, languageServerIds: ['css'] });
    expect(languages.find((l) => l.id === 'html')).toMatchObject({ hasLanguageServer: false, languageServerIds: [] });
  });

  it('starts the server on the first request in the workspace root, with the real root URI, and hands the handshake result to every client', async () => {
    const { service, a, b, spawned, processes } = setup();
    const first = service.request(a, ts('initialize', { rootUri: 'file:///' }));
    await settle();
    expect(spawned).toEqual([{ file: '/usr/bin/node', args: ['/srv/typescript.js', '--stdio'], cwd: '/real/root' }]);
    const init = processes[0].lastRequest('initialize');
    expect(init.params).toMatchObject({ rootUri: 'file:///real/root', workspaceFolders: [{ uri: 'file:///real/root', name: 'workspace' }], initializationOptions: { x: 1 } });
    expect(processes[0].messages('initialized')).toHaveLength(1);
    expect(await first).toEqual({ ok: true, value: { capabilities: { hoverProvider: true } } });
    expect(await service.request(b, ts('initialize', {}))).toEqual({ ok: true, value: { capabilities: { hoverProvider: true } } });
    expect(service.request(b, ts('initialized', {}))).toEqual({ ok: true, value: null });
    expect(processes[0].messages('initialize')).toHaveLength(1);
    expect(processes[0].messages('initialized')).toHaveLength(1);
    expect(spawned).toHaveLength(1);
  });

  it('holds messages sent while the server starts until the handshake is done, in order', async () => {
    const { service, a, processes } = setup();
    service.request(a, open());
    const pending = service.request(a, hover());
    await settle();
    const methods = processes[0].received.map((m) => m.method);
    expect(methods).toEqual(['initialize', 'initialized', 'textDocument/didOpen', 'textDocument/hover']);
    expect(processes[0].messages('textDocument/didOpen')[0].params.textDocument.uri).toBe('file:///real/root/src/a.ts');
    const request = processes[0].lastRequest('textDocument/hover');
    processes[0].send({ id: request.id, result: { contents: 'x', uri: 'file:///real/root/src/a.ts' } });
    expect(await pending).toEqual({ ok: true, value: { contents: 'x', uri: 'file:///src/a.ts' } });
  });

  it('fails a request not answered in 10 minutes with "Failed to send request: timed out" and cancels it on the server', async () => {
    const { service, a, processes } = setup();
    const pending = service.request(a, hover());
    await settle();
    await jest.advanceTimersByTimeAsync(LANGUAGE_TIMING.requestTimeoutMs - 1);
    expect(processes[0].messages('$/cancelRequest')).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ ok: false, error: { code: -32803, message: 'Failed to send request: timed out' } });
    expect(processes[0].messages('$/cancelRequest')[0].params).toEqual({ id: processes[0].lastRequest('textDocument/hover').id });
  });

  it('passes an LSP error on as the protocol error', async () => {
    const { service, a, processes } = setup();
    const pending = service.request(a, hover());
    await settle();
    processes[0].send({ id: processes[0].lastRequest('textDocument/hover').id, error: { code: -32800, message: 'cancelled', data: { uri: 'file:///real/root/x' } } });
    expect(await pending).toEqual({ ok: false, error: { code: -32800, message: 'cancelled', data: { uri: 'file:///x' } } });
  });

  it('maps a client’s $/cancelRequest of its own id to the server’s id', async () => {
    const { service, a, b, processes } = setup();
    void service.request(a, hover(41));
    void service.request(b, hover(41));
    await settle();
    const [forA] = processes[0].messages('textDocument/hover');
    service.request(a, ts('$/cancelRequest', { id: 41 }));
    await settle();
    expect(processes[0].messages('$/cancelRequest').map((m) => m.params)).toEqual([{ id: forA.id }]);
  });

  it('fails requests in flight when the server crashes, and starts a new one on the next request with the open documents', async () => {
    const { service, a, processes, logs } = setup();
    service.request(a, open('file:///src/a.ts', 'v1'));
    const pending = service.request(a, hover());
    await settle();
    service.request(a, ts('textDocument/didChange', { textDocument: { uri: 'file:///src/a.ts', version: 2 }, contentChanges: [{ text: 'v2' }] }));
    processes[0].exitWith(1);
    expect(await pending).toEqual({ ok: false, error: { code: -32803, message: 'Failed to send request: the language server exited with code 1' } });
    expect(logs.join('\n')).toContain('language server typescript stopped: the language server exited with code 1');

    const again = service.request(a, hover());
    await settle();
    expect(processes).toHaveLength(2);
    expect(processes[1].messages('textDocument/didOpen').map((m) => m.params.textDocument)).toEqual([
      { uri: 'file:///real/root/src/a.ts', languageId: 'typescript', version: 2, text: 'v2' },
    ]);
    processes[1].send({ id: processes[1].lastRequest('textDocument/hover').id, result: null });
    expect(await again).toEqual({ ok: true, value: null });
  });

  it('explains a server that cannot start', async () => {
    const { service, a } = setup({ initialize: 'error' });
    const pending = service.request(a, hover());
    await settle();
    expect(await pending).toEqual({ ok: false, error: { code: -32803, message: 'Failed to send request: the language server could not start: no tsserver' } });
  });

  it('gives up on a server that never finishes its handshake', async () => {
    const { service, a, processes } = setup({ initialize: 'silent' });
    const pending = service.request(a, hover());
    await jest.advanceTimersByTimeAsync(LANGUAGE_TIMING.startTimeoutMs);
    expect(await pending).toEqual({ ok: false, error: { code: -32803, message: 'Failed to send request: the language server could not start: timed out' } });
    expect(processes[0].killed).toEqual(['SIGKILL']);
  });

  it('ends a server whose output is not LSP; the next request gets a new one', async () => {
    const { service, a, processes } = setup();
    const pending = service.request(a, hover());
    await settle();
    processes[0].raw(new TextEncoder().encode('Content-Length: 999999999\r\n\r\n'));
    expect(await pending).toMatchObject({ ok: false, error: { message: expect.stringContaining('Failed to send request: the language server sent a malformed message') } });
    expect(processes[0].killed).toEqual(['SIGKILL']);
    void service.request(a, hover());
    await settle();
    expect(processes).toHaveLength(2);
  });

  it('stops a server idle for 5 minutes: shutdown, exit, and a kill when it lingers 2 s', async () => {
    const { service, a, processes } = setup();
    await Promise.all([service.request(a, ts('initialize', {})), settle()]);
    await jest.advanceTimersByTimeAsync(LANGUAGE_TIMING.idleStopMs - 1);
    expect(processes[0].messages('shutdown')).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(processes[0].messages('shutdown')).toHaveLength(1);
    expect(processes[0].messages('exit')).toHaveLength(1);
    expect(processes[0].ended).toBe(true);
    await jest.advanceTimersByTimeAsync(LANGUAGE_TIMING.killAfterMs);
    expect(processes[0].killed).toEqual(['SIGKILL']);
  });

  it('keeps a server with open documents running, and stops it 5 minutes after the last one closed', async () => {
    const { service, a, b, processes } = setup();
    service.request(a, open());
    service.request(b, open());
    await settle();
    await jest.advanceTimersByTimeAsync(LANGUAGE_TIMING.idleStopMs * 2);
    expect(processes[0].messages('shutdown')).toHaveLength(0);
    service.request(a, ts('textDocument/didClose', { textDocument: { uri: 'file:///src/a.ts' } }));
    expect(processes[0].messages('textDocument/didClose')).toHaveLength(0);
    service.clientLeft(b); // b's documents close with it
    expect(processes[0].messages('textDocument/didClose').map((m) => m.params.textDocument.uri)).toEqual(['file:///real/root/src/a.ts']);
    await jest.advanceTimersByTimeAsync(LANGUAGE_TIMING.idleStopMs);
    expect(processes[0].messages('shutdown')).toHaveLength(1);
  });

  it('sends server notifications to every client in workspace URIs, with the document’s language', async () => {
    const { service, a, b, processes, notified } = setup();
    service.request(a, open('file:///src/App.tsx'));
    await settle();
    void b;
    processes[0].send({ method: 'textDocument/publishDiagnostics', params: { uri: 'file:///real/root/src/App.tsx', diagnostics: [] } });
    const sent = notified.filter((n) => n.method === 'language/lspNotification');
    expect(sent.map((n) => n.clientId)).toEqual(['a', 'b']);
    expect(sent[0].params).toEqual({
      languageId: 'typescript',
      serverId: 'typescript',
      message: { method: 'textDocument/publishDiagnostics', params: { uri: 'file:///src/App.tsx', diagnostics: [] } },
    });
  });

  it('answers configuration, capability registration and progress creation itself, and fans refresh requests out', async () => {
    const { service, a, processes, notified } = setup();
    await Promise.all([service.request(a, ts('initialize', {})), settle()]);
    const server = processes[0];
    server.send({ id: 'c1', method: 'workspace/configuration', params: { items: [{ section: 'typescript' }, { section: 'css' }] } });
    server.send({ id: 'c2', method: 'client/registerCapability', params: { registrations: [] } });
    server.send({ id: 'c3', method: 'window/workDoneProgress/create', params: { token: 't' } });
    server.send({ id: 'c4', method: 'workspace/semanticTokens/refresh' });
    const answers = server.received.filter((m) => typeof m.id === 'string');
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 'c1', result: [{}, {}] },
      { jsonrpc: '2.0', id: 'c2', result: null },
      { jsonrpc: '2.0', id: 'c3', result: null },
      { jsonrpc: '2.0', id: 'c4', result: null },
    ]);
    expect(notified.filter((n) => n.method === 'language/lspServerRequest')).toEqual([]);
    expect(notified.find((n) => n.method === 'language/lspNotification')?.params.message.method).toBe('workspace/semanticTokens/refresh');
  });

  it('asks a client that may write to apply an edit, and answers for it when it leaves', async () => {
    const { service, a, session, processes, notified } = setup();
    const reader = session('reader', 'read');
    await Promise.all([service.request(reader, ts('initialize', {})), settle()]);
    processes[0].send({ id: 9, method: 'workspace/applyEdit', params: { edit: { changes: { 'file:///real/root/a.ts': [] } } } });
    const asked = notified.filter((n) => n.method === 'language/lspServerRequest');
    expect(asked).toEqual([
      { clientId: 'a', method: 'language/lspServerRequest', params: { languageId: 'typescript', serverId: 'typescript', message: { id: 1, method: 'workspace/applyEdit', params: { edit: { changes: { 'file:///a.ts': [] } } } } } },
    ]);
    expect(service.serverResponse(reader, { languageId: 'typescript', serverId: 'typescript', message: { id: 1, result: { applied: true } } })).toMatchObject({ ok: false, error: { code: 2 } });
    service.clientLeft(a);
    expect(processes[0].received.find((m) => m.id === 9)).toEqual({ jsonrpc: '2.0', id: 9, result: { applied: false, failureReason: 'the client disconnected' } });
  });

  it('answers an edit request itself when no connected client may write', async () => {
    const w = fakeWorkspace();
    const service = new LanguageService(w.ctx, installed);
    const reader = w.session('reader', 'read');
    await Promise.all([service.request(reader, ts('initialize', {})), settle()]);
    w.processes[0].send({ id: 5, method: 'workspace/applyEdit', params: { edit: {} } });
    expect(w.processes[0].received.find((m) => m.id === 5)).toEqual({ jsonrpc: '2.0', id: 5, result: { applied: false, failureReason: 'No connected client can answer' } });
    expect(w.notified.filter((n) => n.method === 'language/lspServerRequest')).toEqual([]);
  });

  it('routes a client’s answer back with the server’s id and real URIs', async () => {
    const { service, a, processes, notified } = setup();
    await Promise.all([service.request(a, ts('initialize', {})), settle()]);
    processes[0].send({ id: 'srv-1', method: 'window/showDocument', params: { uri: 'file:///real/root/b.ts' } });
    const asked = notified.find((n) => n.method === 'language/lspServerRequest')!;
    expect(asked.params.message.params).toEqual({ uri: 'file:///b.ts' });
    expect(service.serverResponse(a, { languageId: 'typescript', serverId: 'typescript', message: { id: asked.params.message.id, result: { success: true, uri: 'file:///b.ts' } } })).toEqual({ ok: true, value: null });
    expect(processes[0].received.find((m) => m.id === 'srv-1')).toEqual({ jsonrpc: '2.0', id: 'srv-1', result: { success: true, uri: 'file:///real/root/b.ts' } });
  });

  it('does not forward every client’s copy of a shared edit', async () => {
    const { service, a, b, processes } = setup();
    service.request(a, open());
    service.request(b, open());
    await settle();
    const change = ts('textDocument/didChange', { textDocument: { uri: 'file:///src/a.ts', version: 2 }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '//' }] });
    service.request(a, change);
    service.request(b, change);
    expect(processes[0].messages('textDocument/didOpen')).toHaveLength(1);
    expect(processes[0].messages('textDocument/didChange')).toHaveLength(1);
  });

  it('refuses a full queue of requests with a clear error', async () => {
    const w = fakeWorkspace();
    const service = new LanguageService(w.ctx, installed, LANGUAGE_TIMING, { maxMessageBytes: 1 << 20, maxRequestsInFlight: 2, maxServerRequests: 1 });
    const a = w.session('a');
    void service.request(a, hover());
    void service.request(a, hover());
    expect(await service.request(a, hover())).toEqual({ ok: false, error: { code: -32803, message: 'Failed to send request: too many requests in flight' } });
  });

  it('ends its servers when the workspace closes', async () => {
    const { service, a, processes } = setup();
    const pending = service.request(a, ts('initialize', {}));
    await settle();
    await pending;
    service.dispose();
    expect(processes[0].messages('exit')).toHaveLength(1);
    expect(processes[0].killed).toEqual(['SIGTERM']);
  });
});
