import { reaction } from 'mobx';
import * as monaco from 'monaco-editor';
import { Language } from '../../application/ports/language.port';
import { DisposableStore } from '../../base/lifecycle';
import { toContentChanges } from '../../domain/language/lsp-positions';
import { LspClient } from './lsp-client';

/**
 * Larger documents are not given to the language servers: their full text must fit in one protocol frame (16 MiB,
 * up to 3 UTF-8 bytes per UTF-16 unit), and a server would spend its time parsing them rather than answering.
 */
export const LSP_SYNC_MAX_CHARS = 4 * 1024 * 1024;

interface Tracked {
  readonly model: monaco.editor.ITextModel;
  language: Language | undefined;
}

/**
 * Keeps the language servers' view of the open documents: didOpen when an editor model of a served language
 * appears, didChange with every change of its text (local edits and collaborators' alike: the bridge forwards only
 * the owning client's, docs/protocol/language.md), didClose when the model goes. When the language list is loaded
 * again (after a reconnect, when the bridge has closed this client's documents) every document is opened again; the
 * bridge turns a repeated open into at most one full-text change. Preview models (peek) are not documents.
 */
export class DocumentSync {
  private readonly tracked = new Map<string, Tracked>();
  private readonly store = new DisposableStore();

  constructor(
    private readonly client: LspClient,
    private readonly isPreview: (uri: string) => boolean,
    private readonly onDidOpen: (model: monaco.editor.ITextModel, language: Language) => void,
  ) {
    this.store.add(monaco.editor.onDidCreateModel((model) => this.track(model)));
    for (const model of monaco.editor.getModels()) this.track(model);
    const stop = reaction(
      () => client.languages.languages,
      () => {
        for (const t of this.tracked.values()) this.open(t);
      },
    );
    this.store.add({ dispose: stop });
  }

  dispose(): void {
    for (const t of this.tracked.values()) this.close(t);
    this.tracked.clear();
    this.store.dispose();
  }

  private track(model: monaco.editor.ITextModel): void {
    const uri = model.uri.toString();
    if (model.uri.scheme !== 'file' || this.isPreview(uri)) return;
    const t: Tracked = { model, language: undefined };
    this.tracked.set(uri, t);
    const subscriptions = [
      model.onDidChangeContent((e) => {
        if (t.language) {
          this.client.notify(t.language, 'textDocument/didChange', { textDocument: { uri, version: model.getVersionId() }, contentChanges: toContentChanges(e.changes) });
        }
      }),
      model.onWillDispose(() => {
        for (const s of subscriptions) s.dispose();
        this.close(t);
        if (this.tracked.get(uri) === t) this.tracked.delete(uri);
      }),
    ];
    this.open(t);
  }

  private open(t: Tracked): void {
    const language = this.client.languageOf(t.model);
    if (!language || t.model.getValueLength() > LSP_SYNC_MAX_CHARS) return;
    t.language = language;
    this.client.notify(language, 'textDocument/didOpen', {
      textDocument: { uri: t.model.uri.toString(), languageId: language.id, version: t.model.getVersionId(), text: t.model.getValue() },
    });
    this.onDidOpen(t.model, language);
  }

  private close(t: Tracked): void {
    if (!t.language) return;
    this.client.notify(t.language, 'textDocument/didClose', { textDocument: { uri: t.model.uri.toString() } });
    t.language = undefined;
  }
}
