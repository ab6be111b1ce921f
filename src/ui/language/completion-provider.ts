import * as monaco from 'monaco-editor';
import { toEditorRange, toLspPosition } from '../../domain/language/lsp-positions';
import { CompletionAnswer, CompletionSite, reusable, reusedAt } from '../../domain/language/completion-reuse';
import { documentationMarkdown } from '../../domain/language/lsp-markdown';
import { LspMarkupContent, LspRange, LspTextEdit } from '../../domain/language/lsp-types';
import { LspClient } from './lsp-client';

/** The LSP CompletionItem fields the editor reads. */
export interface LspCompletionItem {
  label: string;
  labelDetails?: { detail?: string; description?: string };
  kind?: number;
  tags?: number[];
  detail?: string;
  documentation?: string | LspMarkupContent;
  deprecated?: boolean;
  preselect?: boolean;
  sortText?: string;
  filterText?: string;
  insertText?: string;
  /** 2: snippet. */
  insertTextFormat?: number;
  textEdit?: LspTextEdit | { newText: string; insert: LspRange; replace: LspRange };
  additionalTextEdits?: LspTextEdit[];
  commitCharacters?: string[];
  command?: { title: string; command: string; arguments?: unknown[] };
  data?: unknown;
}

interface LspCompletionList {
  isIncomplete: boolean;
  items: LspCompletionItem[];
}

type BullpenCompletionItem = monaco.languages.CompletionItem & { lspItem: LspCompletionItem; model: monaco.editor.ITextModel };

const K = monaco.languages.CompletionItemKind;
/** LSP CompletionItemKind 1..25 → Monaco's kinds. */
const KINDS: readonly monaco.languages.CompletionItemKind[] = [
  K.Text, K.Text, K.Method, K.Function, K.Constructor, K.Field, K.Variable, K.Class, K.Interface, K.Module, K.Property, K.Unit, K.Value,
  K.Enum, K.Keyword, K.Snippet, K.Color, K.File, K.Reference, K.Folder, K.EnumMember, K.Constant, K.Struct, K.Event, K.Operator, K.TypeParameter,
];

/** Commands Monaco itself runs after a completion is inserted (others are the server's own and are left out). */
const EDITOR_COMMANDS = new Set(['editor.action.triggerParameterHints', 'editor.action.triggerSuggest']);

function toMonacoItem(item: LspCompletionItem, model: monaco.editor.ITextModel, defaultRange: monaco.IRange): BullpenCompletionItem {
  const edit = item.textEdit;
  const range: monaco.languages.CompletionItem['range'] = !edit
    ? defaultRange
    : 'range' in edit
      ? toEditorRange(edit.range)
      : { insert: toEditorRange(edit.insert), replace: toEditorRange(edit.replace) };
  const documentation = documentationMarkdown(item.documentation);
  return {
    label: item.labelDetails ? { label: item.label, detail: item.labelDetails.detail, description: item.labelDetails.description } : item.label,
    kind: KINDS[item.kind ?? 1] ?? K.Text,
    ...(item.tags?.includes(1) || item.deprecated ? { tags: [monaco.languages.CompletionItemTag.Deprecated] } : {}),
    ...(item.detail ? { detail: item.detail } : {}),
    ...(documentation ? { documentation: { value: documentation } } : {}),
    ...(item.sortText ? { sortText: item.sortText } : {}),
    ...(item.filterText ? { filterText: item.filterText } : {}),
    ...(item.preselect ? { preselect: true } : {}),
    insertText: edit ? edit.newText : (item.insertText ?? item.label),
    ...(item.insertTextFormat === 2 ? { insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet } : {}),
    range,
    ...(item.commitCharacters ? { commitCharacters: item.commitCharacters } : {}),
    ...(item.additionalTextEdits ? { additionalTextEdits: item.additionalTextEdits.map((e) => ({ range: toEditorRange(e.range), text: e.newText })) } : {}),
    ...(item.command && EDITOR_COMMANDS.has(item.command.command) ? { command: { id: item.command.command, title: item.command.title } } : {}),
    lspItem: item,
    model,
  };
}

/** The word being typed at `position` and what surrounds it (domain/language/completion-reuse). */
function completionSite(model: monaco.editor.ITextModel, position: monaco.Position): CompletionSite {
  const { word, startColumn } = model.getWordUntilPosition(position);
  const line = model.getLineContent(position.lineNumber);
  return {
    lineNumber: position.lineNumber,
    wordStart: startColumn,
    word,
    before: line.slice(0, startColumn - 1),
    after: line.slice(position.column - 1),
    length: model.getValueLength(),
    lineCount: model.getLineCount(),
  };
}

/** The parts of an answer that tell whether a later key can be answered without the server. */
function completionAnswer(site: CompletionSite, items: readonly LspCompletionItem[], complete: boolean): CompletionAnswer {
  const startsAfterWord = (range: LspRange) => range.start.line + 1 === site.lineNumber && range.start.character + 1 > site.wordStart;
  const fromWordStart = items.every((item) => !item.textEdit || !startsAfterWord('range' in item.textEdit ? item.textEdit.range : item.textEdit.insert));
  return { site, filterTexts: items.map((item) => item.filterText ?? item.label), complete, fromWordStart };
}

/** A model's last answer from the server: what decides its reuse, and the editor's items made of it. */
interface LastAnswer {
  readonly answer: CompletionAnswer;
  readonly suggestions: BullpenCompletionItem[];
}

export function completionProvider(client: LspClient, triggerCharacters: string[], resolves: boolean): monaco.languages.CompletionItemProvider {
  /** Each model's last answer, so a made-up word does not ask the server again on every key. */
  const lastAnswers = new WeakMap<monaco.editor.ITextModel, LastAnswer>();
  return {
    triggerCharacters,
    async provideCompletionItems(model, position, context, token) {
      const site = completionSite(model, position);
      const last = lastAnswers.get(model);
      if (context.triggerKind === monaco.languages.CompletionTriggerKind.Invoke && last && reusable(last.answer, site)) {
        lastAnswers.set(model, { answer: reusedAt(last.answer, site), suggestions: last.suggestions });
        return { suggestions: last.suggestions.slice(0, 1) };
      }
      const lspContext = context.triggerKind === monaco.languages.CompletionTriggerKind.TriggerCharacter ? { triggerKind: 2, triggerCharacter: context.triggerCharacter } : { triggerKind: context.triggerKind === monaco.languages.CompletionTriggerKind.TriggerForIncompleteCompletions ? 3 : 1 };
      const result = await client.request<LspCompletionList | LspCompletionItem[] | null>(
        model,
        'textDocument/completion',
        { textDocument: { uri: model.uri.toString() }, position: toLspPosition(position), context: lspContext },
        token,
      );
      if (!result) {
        lastAnswers.delete(model);
        return { suggestions: [] };
      }
      const items = Array.isArray(result) ? result : result.items;
      const incomplete = !Array.isArray(result) && result.isIncomplete;
      const defaultRange = { startLineNumber: position.lineNumber, startColumn: site.wordStart, endLineNumber: position.lineNumber, endColumn: position.column };
      const suggestions = items.map((item) => toMonacoItem(item, model, defaultRange));
      lastAnswers.set(model, { answer: completionAnswer(site, items, !incomplete), suggestions });
      return { suggestions, incomplete };
    },
    ...(resolves
      ? {
          async resolveCompletionItem(item, token) {
            const { lspItem, model } = item as BullpenCompletionItem;
            if (!lspItem || model.isDisposed()) return item;
            const resolved = await client.request<LspCompletionItem>(model, 'completionItem/resolve', lspItem, token).catch(() => undefined);
            if (!resolved) return item;
            const documentation = documentationMarkdown(resolved.documentation);
            return {
              ...item,
              ...(resolved.detail ? { detail: resolved.detail } : {}),
              ...(documentation ? { documentation: { value: documentation } } : {}),
              ...(resolved.additionalTextEdits ? { additionalTextEdits: resolved.additionalTextEdits.map((e) => ({ range: toEditorRange(e.range), text: e.newText })) } : {}),
            };
          },
        }
      : {}),
  };
}
