import * as monaco from 'monaco-editor';
import { Disposable, DisposableStore } from '../../base/lifecycle';
import { hoverMarkdown, documentationMarkdown } from '../../domain/language/lsp-markdown';
import { toEditorRange, toLspPosition } from '../../domain/language/lsp-positions';
import { LspHover, LspLocation, LspLocationLink, LspMarkupContent, LspRange, LspWorkspaceEdit } from '../../domain/language/lsp-types';
import { textEditsByUri } from '../../domain/language/workspace-edit';
import { completionProvider } from './completion-provider';
import { LspClient, ServerCapabilities } from './lsp-client';
import { PreviewModels } from './preview-models';
import { WorkspaceEdits } from './workspace-edits';

interface LspSignatureHelp {
  signatures: { label: string; documentation?: string | LspMarkupContent; parameters?: { label: string | [number, number]; documentation?: string | LspMarkupContent }[]; activeParameter?: number }[];
  activeSignature?: number;
  activeParameter?: number;
}

const textDocumentPosition = (model: monaco.editor.ITextModel, position: monaco.IPosition) => ({ textDocument: { uri: model.uri.toString() }, position: toLspPosition(position) });

const markdownOrUndefined = (doc: string | LspMarkupContent | undefined) => {
  const value = documentationMarkdown(doc);
  return value === undefined ? undefined : { value };
};

/**
 * Registers the language-server features of one server for one Monaco language, as far as the server's
 * capabilities go: hover, completion, signature help, go to definition, references and rename.
 */
export function registerLspProviders(
  monacoLanguage: string,
  capabilities: ServerCapabilities,
  deps: { client: LspClient; previews: PreviewModels; edits: WorkspaceEdits },
): Disposable {
  const { client, previews, edits } = deps;
  const store = new DisposableStore();
  const locations = async (result: LspLocation | LspLocation[] | LspLocationLink[] | null | undefined): Promise<monaco.languages.LocationLink[]> => {
    const list = result ? (Array.isArray(result) ? result : [result]) : [];
    const links = list.map((l): monaco.languages.LocationLink => ('targetUri' in l
      ? { uri: monaco.Uri.parse(l.targetUri), range: toEditorRange(l.targetRange), targetSelectionRange: toEditorRange(l.targetSelectionRange), ...(l.originSelectionRange ? { originSelectionRange: toEditorRange(l.originSelectionRange) } : {}) }
      : { uri: monaco.Uri.parse(l.uri), range: toEditorRange(l.range) }));
    // Peek views need a model for every location; locations nothing can show are left out.
    const shown = await Promise.all(links.map((l) => previews.ensure(l.uri.toString())));
    return links.filter((_, i) => shown[i]);
  };

  if (capabilities.hoverProvider) {
    store.add(
      monaco.languages.registerHoverProvider(monacoLanguage, {
        async provideHover(model, position, token) {
          const hover = await client.request<LspHover | null>(model, 'textDocument/hover', textDocumentPosition(model, position), token);
          const contents = hoverMarkdown(hover?.contents);
          if (!hover || contents.length === 0) return null;
          return { contents: contents.map((value) => ({ value })), ...(hover.range ? { range: toEditorRange(hover.range) } : {}) };
        },
      }),
    );
  }

  if (capabilities.completionProvider) {
    const { triggerCharacters = [], resolveProvider = false } = capabilities.completionProvider;
    store.add(monaco.languages.registerCompletionItemProvider(monacoLanguage, completionProvider(client, triggerCharacters, resolveProvider)));
  }

  if (capabilities.signatureHelpProvider) {
    const { triggerCharacters = [], retriggerCharacters = [] } = capabilities.signatureHelpProvider;
    store.add(
      monaco.languages.registerSignatureHelpProvider(monacoLanguage, {
        signatureHelpTriggerCharacters: triggerCharacters,
        signatureHelpRetriggerCharacters: retriggerCharacters,
        async provideSignatureHelp(model, position, token, context) {
          const help = await client.request<LspSignatureHelp | null>(
            model,
            'textDocument/signatureHelp',
            { ...textDocumentPosition(model, position), context: { triggerKind: context.triggerKind, triggerCharacter: context.triggerCharacter, isRetrigger: context.isRetrigger } },
            token,
          );
          if (!help || help.signatures.length === 0) return null;
          const value: monaco.languages.SignatureHelp = {
            signatures: help.signatures.map((s) => ({
              label: s.label,
              documentation: markdownOrUndefined(s.documentation),
              parameters: (s.parameters ?? []).map((p) => ({ label: p.label, documentation: markdownOrUndefined(p.documentation) })),
              ...(s.activeParameter !== undefined ? { activeParameter: s.activeParameter } : {}),
            })),
            activeSignature: help.activeSignature ?? 0,
            activeParameter: help.activeParameter ?? 0,
          };
          return { value, dispose: () => undefined };
        },
      }),
    );
  }

  if (capabilities.definitionProvider) {
    store.add(
      monaco.languages.registerDefinitionProvider(monacoLanguage, {
        async provideDefinition(model, position, token) {
          return locations(await client.request(model, 'textDocument/definition', textDocumentPosition(model, position), token));
        },
      }),
    );
  }

  if (capabilities.referencesProvider) {
    store.add(
      monaco.languages.registerReferenceProvider(monacoLanguage, {
        async provideReferences(model, position, context, token) {
          const found = await locations(await client.request(model, 'textDocument/references', { ...textDocumentPosition(model, position), context: { includeDeclaration: context.includeDeclaration } }, token));
          return found.map((l) => ({ uri: l.uri, range: l.range }));
        },
      }),
    );
  }

  if (capabilities.renameProvider) {
    const prepares = typeof capabilities.renameProvider === 'object' && capabilities.renameProvider.prepareProvider === true;
    store.add(
      monaco.languages.registerRenameProvider(monacoLanguage, {
        async provideRenameEdits(model, position, newName, token) {
          const result = await client.request<LspWorkspaceEdit | null>(model, 'textDocument/rename', { ...textDocumentPosition(model, position), newName }, token);
          if (!result) return { edits: [] };
          const byUri = textEditsByUri(result);
          if (!byUri.ok) return { edits: [], rejectReason: `Rename: ${byUri.error}` };
          const { open, unopened } = edits.split(byUri.value);
          // Monaco applies the edits of open documents; files that must be opened first are edited right after,
          // so that switching the editor's model does not cancel the rename.
          if (unopened.size > 0) setTimeout(() => void edits.applyByUri(unopened), 0);
          return { edits: open };
        },
        ...(prepares
          ? {
              async resolveRenameLocation(model, position, token) {
                const result = await client.request<LspRange | { range: LspRange; placeholder: string } | { defaultBehavior: boolean } | null>(model, 'textDocument/prepareRename', textDocumentPosition(model, position), token);
                if (!result) return { range: new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column), text: '', rejectReason: 'You cannot rename this element.' };
                if ('defaultBehavior' in result) {
                  const word = model.getWordAtPosition(position);
                  if (!word) return { range: new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column), text: '', rejectReason: 'You cannot rename this element.' };
                  return { range: new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn), text: word.word };
                }
                const range = toEditorRange('range' in result ? result.range : result);
                return { range, text: 'placeholder' in result ? result.placeholder : model.getValueInRange(range) };
              },
            }
          : {}),
      }),
    );
  }
  return store;
}

