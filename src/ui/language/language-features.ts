import * as monaco from 'monaco-editor';
// @ts-ignore webpack resolves Monaco's export map (see src/ui/editor/monaco-core.ts); the module is already loaded.
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { EditorNavigationStore } from '../../application/editor/editor-navigation.store';
import { EditorStore } from '../../application/editor/editor.store';
import { FileTreeStore } from '../../application/files/file-tree.store';
import { RawFsStore } from '../../application/fs/raw-fs.store';
import { LanguageStore } from '../../application/language/language.store';
import { LspChannel } from '../../application/language/lsp-channel';
import { ProblemsStore } from '../../application/language/problems.store';
import { Language } from '../../application/ports/language.port';
import { Disposable, DisposableStore } from '../../base/lifecycle';
import { LspWorkspaceEdit } from '../../domain/language/lsp-types';
import { workspacePathOfUri } from '../../domain/language/workspace-uri';
import { showDiagnosticMarkers } from './diagnostic-markers';
import { DocumentSync } from './document-sync';
import { LspClient } from './lsp-client';
import { registerLspProviders } from './lsp-providers';
import { PreviewModels } from './preview-models';
import { WorkspaceEdits } from './workspace-edits';

export interface LanguageFeatureServices {
  readonly channel: LspChannel;
  readonly languages: LanguageStore;
  readonly problems: ProblemsStore;
  readonly editor: EditorStore;
  readonly files: FileTreeStore;
  readonly navigation: EditorNavigationStore;
  readonly rawFs: RawFsStore;
}

/** Monaco's own JSON service keeps colours, folding, symbols and formatting; the JSON server does the rest. */
const JSON_MODE_WITH_SERVER = {
  documentFormattingEdits: true,
  documentRangeFormattingEdits: true,
  completionItems: false,
  hovers: false,
  documentSymbols: true,
  tokens: true,
  colors: true,
  foldingRanges: true,
  diagnostics: false,
  selectionRanges: true,
};

/**
 * Drops the markers of Monaco's own JSON diagnostics (owner 'json') while the JSON server gives them. Switching them
 * off is not enough: a validation already under way in Monaco's worker still sets its markers when it ends, and
 * nothing would ever clear them (a syntax error fixed long ago would stay underlined).
 */
function dropMonacoJsonMarkers(): Disposable {
  const drop = () => {
    if (monaco.editor.getModelMarkers({ owner: 'json' }).length > 0) monaco.editor.removeAllMarkers('json');
  };
  drop();
  return monaco.editor.onDidChangeMarkers(drop);
}

/**
 * The workspace's language servers in the editor (spec 002 §3 "Language"): documents kept in sync, diagnostics as
 * markers, and hover, completion, signature help, definition, references and rename for TS/JS, CSS, HTML and JSON,
 * all through language/lspRequest. Monaco's own TypeScript, CSS and HTML services are not bundled (ADR 0012).
 */
export function installLanguageFeatures(services: LanguageFeatureServices): Disposable {
  const store = new DisposableStore();
  const client = new LspClient(services.channel, services.languages);
  const previews = store.add(new PreviewModels(services.rawFs));
  const edits = new WorkspaceEdits(services.editor, services.files, (uri) => previews.isPreview(uri));
  const registered = new Set<string>();

  const registerFor = (model: monaco.editor.ITextModel, language: Language) => {
    const monacoLanguage = model.getLanguageId();
    const key = `${monacoLanguage}\u0000${client.serverOf(language)}`;
    if (registered.has(key)) return;
    registered.add(key);
    client.capabilitiesOf(language).then(
      (capabilities) => {
        if (store.isDisposed) return;
        store.add(registerLspProviders(monacoLanguage, capabilities, { client, previews, edits }));
        if (monacoLanguage === 'json') {
          jsonDefaults.setModeConfiguration(JSON_MODE_WITH_SERVER);
          store.add(dropMonacoJsonMarkers());
        }
      },
      () => registered.delete(key),
    );
  };

  store.add(showDiagnosticMarkers(services.problems));
  store.add(new DocumentSync(client, (uri) => previews.isPreview(uri), registerFor));
  store.add(services.channel.handleServerRequests('workspace/applyEdit', (_method, params) => edits.apply((params as { edit: LspWorkspaceEdit }).edit)));
  store.add(
    monaco.editor.registerEditorOpener({
      openCodeEditor(source, resource, selectionOrPosition) {
        if (source.getModel()?.uri.toString() === resource.toString()) return false;
        const path = workspacePathOfUri(resource.toString());
        const node = path === undefined ? undefined : services.files.fileAt(path);
        if (!node) return false;
        const at = selectionOrPosition ?? { lineNumber: 1, column: 1 };
        const range = monaco.Range.isIRange(at) ? at : { startLineNumber: at.lineNumber, startColumn: at.column, endLineNumber: at.lineNumber, endColumn: at.column };
        void services.navigation.openAt(node.id, range);
        return true;
      },
    }),
  );
  return store;
}
