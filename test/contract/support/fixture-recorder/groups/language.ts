import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { FixtureGroup } from '../recorder';

const MAIN = [
  'export interface Point { x: number; y: number }',
  'export const origin: Point = { x: 0, y: 0 };',
  "const count: number = 'not a number';",
  '',
].join('\n');
const MAIN_URI = 'file:///src/main.ts';
const ts = (method: string, params?: unknown) => ({ languageId: 'typescript', serverId: 'typescript', message: { method, params } });
const at = (line: number, character: number) => ({ line, character });
/** tsserver's cold start takes seconds, more on a busy machine. */
const SLOW = 60_000;

/**
 * language: the catalog, and the bridge to the real typescript-language-server: diagnostics pushed to every client
 * after didOpen, a hover, and a server request (workspace/applyEdit, caused by workspace/executeCommand) answered by
 * the client it was sent to.
 */
export const languageGroup: FixtureGroup = {
  name: 'language',
  prepare({ filesDir }) {
    mkdirSync(path.join(filesDir, 'src'), { recursive: true });
    writeFileSync(path.join(filesDir, 'src', 'main.ts'), MAIN);
  },
  async run(g) {
    await g.fixture('language/list', {}, async (f) => void (await f.ask('A', 'language/list', {})));
    await g.peer('A').answer(g.peer('A').send('language/lspRequest', ts('initialize', { processId: null, rootUri: 'file:///', capabilities: {} })), SLOW);
    await g.peer('A').ask('language/lspRequest', ts('initialized', {}));
    await g.fixture(
      'language/lspRequest.did-open',
      { note: "A opens src/main.ts (a type error on line 3): the server's diagnostics reach every client in workspace URIs." },
      async (f) => {
        await f.ask(
          'A',
          'language/lspRequest',
          ts('textDocument/didOpen', { textDocument: { uri: MAIN_URI, languageId: 'typescript', version: 1, text: MAIN } }),
          [
            {
              to: 'B',
              method: 'language/lspNotification',
              where: (p) => p.message.method === 'textDocument/publishDiagnostics' && p.message.params.diagnostics.length > 0,
            },
          ],
          SLOW,
        );
      },
    );
    await g.fixture('language/lspRequest', { note: 'A hover on `origin` (src/main.ts is open).' }, async (f) => {
      await f.ask('A', 'language/lspRequest', ts('textDocument/hover', { textDocument: { uri: MAIN_URI }, position: at(1, 15) }), [], SLOW);
    });
    const file = path.join(g.filesDir, 'src', 'main.ts');
    await g.fixture(
      'language/lspServerResponse',
      {
        note: "A's workspace/executeCommand makes the server ask for workspace/applyEdit: the request goes to A, A answers it, then the command's answer comes.",
      },
      async (f) => {
        const marks = g.marks();
        const textChanges = [{ start: { line: 1, offset: 1 }, end: { line: 1, offset: 1 }, newText: '// organised\n' }];
        const id = f.send(
          'A',
          'language/lspRequest',
          ts('workspace/executeCommand', {
            command: '_typescript.applyCompletionCodeAction',
            arguments: [file, [{ changes: [{ fileName: file, textChanges }] }]],
          }),
        );
        const request = await f.note('A', 'language/lspServerRequest', (p) => p.message.method === 'workspace/applyEdit', marks.A, SLOW);
        await f.ask('A', 'language/lspServerResponse', {
          languageId: 'typescript',
          serverId: 'typescript',
          message: { id: request.message.id, result: { applied: true } },
        });
        await f.answer('A', id, marks, [], SLOW);
      },
    );
    await g.fixture('language/lspRequest.error-lsp', { note: 'The server does not know the method: its LSP error is the protocol error.' }, async (f) => {
      await f.ask('A', 'language/lspRequest', ts('bullpen/noSuchMethod', {}));
    });
    await g.fixture('language/lspRequest.error-unknown-language', {}, async (f) => {
      await f.ask('A', 'language/lspRequest', { languageId: 'cobol', serverId: 'typescript', message: { method: 'textDocument/hover' } });
    });
    await g.fixture('language/lspServerResponse.error-invalid-id', {}, async (f) => {
      await f.ask('A', 'language/lspServerResponse', { languageId: 'typescript', serverId: 'typescript', message: { id: 999999, result: null } });
    });
  },
};
