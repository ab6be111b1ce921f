import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { SandboxService } from '../../../src/server/application/sandbox/sandbox-service';
import { JOIN_PARAMS } from '../support/scenario';
import { WireClient, useTestServer } from '../support/server-harness';
import { WireSession, useWireSessions } from '../support/wire-session';

jest.setTimeout(60_000);

const MAIN = [
  'export interface Point { x: number; y: number }',
  'export const origin: Point = { x: 0, y: 0 };',
  "const count: number = 'not a number';",
  'export const sum = origin.x + count;',
  '',
].join('\n');
const MAIN_URI = 'file:///src/main.ts';
const CSS = 'a { color: red; }\n';
const CSS_URI = 'file:///styles/site.css';

const ts = (method: string, params?: unknown) => ({ languageId: 'typescript', serverId: 'typescript', message: { method, params } });
const css = (method: string, params?: unknown) => ({ languageId: 'css', serverId: 'css', message: { method, params } });
const at = (line: number, character: number) => ({ line, character });
const hoverText = (result: any): string => JSON.stringify(result?.contents ?? null);
const labels = (result: any): string[] => (Array.isArray(result) ? result : result?.items ?? []).map((i: any) => i.label);
const diagnosticsOf = (params: any, uri: string) =>
  params.serverId === 'typescript' && params.message.method === 'textDocument/publishDiagnostics' && params.message.params.uri === uri;

/**
 * language/*: the catalog and the bridge to real language servers (typescript-language-server, the vscode css
 * server), shared by the clients of a workspace, speaking workspace URIs.
 */
describe('language servers bridged over the workspace connection', () => {
  const context = useTestServer();
  let a: WireSession;
  let b: WireSession;
  let aInit: any;

  beforeAll(async () => {
    mkdirSync(path.join(context.filesDir, 'src'), { recursive: true });
    mkdirSync(path.join(context.filesDir, 'styles'), { recursive: true });
    writeFileSync(path.join(context.filesDir, 'src', 'main.ts'), MAIN);
    writeFileSync(path.join(context.filesDir, 'styles', 'site.css'), CSS);
  });
  useWireSessions(context, 2, (opened) => ([a, b] = opened));

  it('lists the spec languages, with servers for the typescript, css, html and json ones', async () => {
    const { status, result } = await a.ask('language/list', {});
    expect(status).toBe(0);
    const byId = new Map<string, any>(result.languages.map((l: any) => [l.id, l]));
    expect(byId.get('typescriptreact')).toEqual({ id: 'typescriptreact', extensions: ['.tsx'], globs: [], hasLanguageServer: true, languageServerIds: ['typescript'] });
    expect(byId.get('scss')).toMatchObject({ hasLanguageServer: true, languageServerIds: ['css'] });
    expect(byId.get('jsonc')).toMatchObject({ hasLanguageServer: true, languageServerIds: ['json'] });
    expect(byId.get('rust')).toMatchObject({ extensions: ['.rs'], hasLanguageServer: false, languageServerIds: [] });
    expect(byId.size).toBe(31);
  });

  it('answers initialize with the server capabilities and gives hover, diagnostics and completion in workspace URIs', async () => {
    const init = await a.ask('language/lspRequest', ts('initialize', { processId: null, rootUri: 'file:///', capabilities: {} }));
    expect(init.status).toBe(0);
    expect(init.result.capabilities).toMatchObject({ hoverProvider: true, completionProvider: expect.any(Object) });
    aInit = init.result;
    expect((await a.ask('language/lspRequest', ts('initialized', {}))).result).toBeNull();

    const from = b.wire.received.length;
    const opened = await a.ask('language/lspRequest', ts('textDocument/didOpen', { textDocument: { uri: MAIN_URI, languageId: 'typescript', version: 1, text: MAIN } }));
    expect(opened).toMatchObject({ status: 0, result: null });

    // tsserver's cold start takes seconds (more on a busy machine).
    const hover = await a.answer(a.send('language/lspRequest', ts('textDocument/hover', { textDocument: { uri: MAIN_URI }, position: at(1, 15) })), 45_000);
    expect(hover.status).toBe(0);
    expect(hoverText(hover.result)).toContain('const origin: Point');

    // Every client of the workspace hears the diagnostics, with the workspace URI.
    const diagnostics = await b.notification('language/lspNotification', (p) => diagnosticsOf(p, MAIN_URI) && p.message.params.diagnostics.length > 0, from);
    expect(diagnostics.languageId).toBe('typescript');
    expect(diagnostics.message.params.diagnostics.map((d: any) => d.message).join('\n')).toContain("Type 'string' is not assignable to type 'number'");
    expect(diagnostics.message.params.diagnostics[0].range.start.line).toBe(2);

    const completion = await a.ask('language/lspRequest', ts('textDocument/completion', { textDocument: { uri: MAIN_URI }, position: at(3, 26) }));
    expect(completion.status).toBe(0);
    expect(labels(completion.result)).toEqual(expect.arrayContaining(['x', 'y']));
  });

  it('shares the server with a second client: the same InitializeResult, its own responses, each edit applied once', async () => {
    const init = await b.ask('language/lspRequest', ts('initialize', { processId: null, rootUri: 'file:///', capabilities: {} }));
    expect(init.result).toEqual(aInit);
    await b.ask('language/lspRequest', ts('textDocument/didOpen', { textDocument: { uri: MAIN_URI, languageId: 'typescript', version: 1, text: MAIN } }));

    const ida = a.send('language/lspRequest', ts('textDocument/hover', { textDocument: { uri: MAIN_URI }, position: at(0, 18) }));
    const idb = b.send('language/lspRequest', ts('textDocument/hover', { textDocument: { uri: MAIN_URI }, position: at(2, 7) }));
    const [ha, hb] = await Promise.all([a.answer(ida), b.answer(idb)]);
    expect(hoverText(ha.result)).toContain('interface Point');
    expect(hoverText(hb.result)).toContain('const count: number');

    // Both editors report the same (collaborative) edit; applied twice it would garble the line.
    const fix = { textDocument: { uri: MAIN_URI, version: 2 }, contentChanges: [{ range: { start: at(2, 22), end: at(2, 36) }, text: '42' }] };
    const from = a.wire.received.length;
    await a.ask('language/lspRequest', ts('textDocument/didChange', fix));
    await b.ask('language/lspRequest', ts('textDocument/didChange', fix));
    await a.notification('language/lspNotification', (p) => diagnosticsOf(p, MAIN_URI) && p.message.params.diagnostics.length === 0, from);
    const hover = await b.ask('language/lspRequest', ts('textDocument/hover', { textDocument: { uri: MAIN_URI }, position: at(3, 33) }));
    expect(hoverText(hover.result)).toContain('const count: number');
  });

  it('passes an LSP error on as the protocol error {code, message}', async () => {
    const res = await a.ask('language/lspRequest', ts('bullpen/noSuchMethod', {}));
    expect(res.status).toBe(1);
    expect(res.error.code).toBe(-32601);
    expect(typeof res.error.message).toBe('string');
  });

  it('routes a server request (workspace/applyEdit) to a client that may write, and its answer back', async () => {
    const file = path.join(context.filesDir, 'src', 'main.ts');
    const textChanges = [{ start: { line: 1, offset: 1 }, end: { line: 1, offset: 1 }, newText: '// organised\n' }];
    const from = a.wire.received.length;
    const id = a.send('language/lspRequest', ts('workspace/executeCommand', { command: '_typescript.applyCompletionCodeAction', arguments: [file, [{ changes: [{ fileName: file, textChanges }] }]] }));
    const request = await a.notification('language/lspServerRequest', () => true, from);
    expect(request).toMatchObject({ serverId: 'typescript', message: { method: 'workspace/applyEdit' } });
    expect(Object.keys(request.message.params.edit.changes)).toEqual([MAIN_URI]);

    expect(await b.ask('language/lspServerResponse', { languageId: 'typescript', serverId: 'typescript', message: { id: request.message.id, result: { applied: true } } })).toMatchObject({
      status: 1,
      error: { code: PitcherErrorCode.NO_ACCESS, message: `Language server request ${request.message.id} was sent to another client` },
    });
    expect(await a.ask('language/lspServerResponse', { languageId: 'typescript', serverId: 'typescript', message: { id: request.message.id, result: { applied: true } } })).toMatchObject({ status: 0, result: null });
    expect(await a.answer(id)).toMatchObject({ status: 0 });
    expect(await a.ask('language/lspServerResponse', { languageId: 'typescript', serverId: 'typescript', message: { id: request.message.id, result: null } })).toMatchObject({
      status: 1,
      error: { code: PitcherErrorCode.INVALID_ID, message: `No language server request ${request.message.id} is waiting for an answer` },
    });
  });

  it('bridges the css server too: hover and completion', async () => {
    await a.ask('language/lspRequest', css('initialize', { processId: null, rootUri: 'file:///', capabilities: {} }));
    await a.ask('language/lspRequest', css('textDocument/didOpen', { textDocument: { uri: CSS_URI, languageId: 'css', version: 1, text: CSS } }));
    const hover = await a.ask('language/lspRequest', css('textDocument/hover', { textDocument: { uri: CSS_URI }, position: at(0, 6) }));
    expect(hover.status).toBe(0);
    expect(hoverText(hover.result).toLowerCase()).toContain('color');
    const completion = await a.ask('language/lspRequest', css('textDocument/completion', { textDocument: { uri: CSS_URI }, position: at(0, 4) }));
    expect(labels(completion.result)).toEqual(expect.arrayContaining(['color', 'background-color']));
  });

  it.each([['html', 'html'], ['json', 'json'], ['jsonc', 'json']])('starts the %s language on the %s server as well', async (languageId, serverId) => {
    const init = await a.ask('language/lspRequest', { languageId, serverId, message: { method: 'initialize', params: { capabilities: {} } } });
    expect(init.status).toBe(0);
    expect(init.result.capabilities.completionProvider).toBeDefined();
  });

  it('refuses an unknown language, a server the language does not have, and malformed messages, with clear errors', async () => {
    expect(await a.ask('language/lspRequest', { languageId: 'cobol', serverId: 'typescript', message: { method: 'textDocument/hover' } })).toMatchObject({
      status: 1,
      error: { code: PitcherErrorCode.INVALID_ID, message: 'Unknown language: cobol' },
    });
    expect(await a.ask('language/lspRequest', { languageId: 'rust', serverId: 'typescript', message: { method: 'textDocument/hover' } })).toMatchObject({
      status: 1,
      error: { code: PitcherErrorCode.FEATURE_UNAVAILABLE, message: 'Language rust has no language server typescript' },
    });
    expect(await a.ask('language/lspRequest', { languageId: 'typescript', serverId: 'typescript', message: {} })).toMatchObject({
      status: 1,
      error: { code: PitcherErrorCode.INVALID_PARAMS },
    });
    expect(await a.ask('language/lspRequest', ts('textDocument/didOpen', { textDocument: { uri: 'file:///x.ts' } }))).toMatchObject({
      status: 1,
      error: { code: PitcherErrorCode.INVALID_PARAMS, message: expect.stringContaining('Invalid params for textDocument/didOpen') },
    });
    // The server is still there.
    const hover = await a.ask('language/lspRequest', ts('textDocument/hover', { textDocument: { uri: MAIN_URI }, position: at(1, 15) }));
    expect(hoverText(hover.result)).toContain('Point');
  });

  it('lets a read-only client hover, but not run commands that may write', async () => {
    const started = await context.server.container
      .get(SandboxService)
      .start(context.server.defaultSandboxId, { username: 'viewer', name: 'Viewer', access: 'read' }, `ws://127.0.0.1:${context.server.port}/pitcher`);
    if (!started.ok) throw new Error('start failed');
    const reader = new WireSession(await WireClient.connect(`${started.value.pitcher_url}/?token=${encodeURIComponent(started.value.pitcher_token)}`));
    try {
      const joined = await reader.ask('client/join', JOIN_PARAMS);
      expect(joined.result.permissions.language).toMatchObject({ lspRead: true, lspWrite: false });
      await reader.ask('language/lspRequest', ts('textDocument/didOpen', { textDocument: { uri: MAIN_URI, languageId: 'typescript', version: 1, text: MAIN } }));
      const hover = await reader.ask('language/lspRequest', ts('textDocument/hover', { textDocument: { uri: MAIN_URI }, position: at(1, 15) }));
      expect(hoverText(hover.result)).toContain('const origin: Point');
      expect(await reader.ask('language/lspRequest', ts('workspace/executeCommand', { command: '_typescript.organizeImports', arguments: [] }))).toMatchObject({
        status: 1,
        error: { code: PitcherErrorCode.NO_ACCESS, message: 'You do not have permission to use workspace/executeCommand' },
      });
    } finally {
      await reader.close();
    }
  });
});
