/* eslint-disable */
/**
 * What `import … from 'monaco-editor'` means in the browser build (webpack.config.ts aliases the package to this
 * module): Monaco's editor core with the editor features an IDE uses, and the language definitions, whose tokenizers load on
 * demand when a file of that language opens. Monaco's own TypeScript, CSS and HTML services (and their large workers)
 * are left out: language features come from the workspace's language servers (ADR 0012). JSON keeps Monaco's small
 * JSON mode so .json files are coloured and checked even without a server.
 *
 * The paths use the package's export map, which webpack resolves and TypeScript's node10 resolution does not; the
 * rest of the code imports types from 'monaco-editor' itself.
 */
// @ts-ignore see above
export * from 'monaco-editor/editor/editor.api';
// Monaco's editor features (features/register.all) without those an IDE with its own command palette does not use
// on a first load: inline completions, the GPU renderer, token inspector, high-contrast toggle, iPad keyboard, middle-
// click scroll, long-line helper, section headers, Monaco's own command palette/help, floating menu, placeholder text,
// diff breadcrumbs, unusual line terminators prompt.
// @ts-ignore
import 'monaco-editor/editor/contrib/anchorSelect/browser/anchorSelect';
// @ts-ignore
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
// @ts-ignore
import 'monaco-editor/editor/contrib/caretOperations/browser/transpose';
// @ts-ignore
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
// @ts-ignore
import 'monaco-editor/editor/contrib/codeAction/browser/codeActionContributions';
// @ts-ignore
import 'monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget';
// @ts-ignore
import 'monaco-editor/editor/contrib/codelens/browser/codelensController';
// @ts-ignore
import '../../../node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css';
// @ts-ignore
import 'monaco-editor/editor/contrib/colorPicker/browser/colorPickerContribution';
// @ts-ignore
import 'monaco-editor/editor/contrib/comment/browser/comment';
// @ts-ignore
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
// @ts-ignore
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo';
// @ts-ignore
import 'monaco-editor/editor/browser/widget/diffEditor/diffEditor.contribution';
// @ts-ignore
import 'monaco-editor/editor/contrib/dnd/browser/dnd';
// @ts-ignore
import 'monaco-editor/editor/contrib/documentSymbols/browser/documentSymbols';
// @ts-ignore
import 'monaco-editor/editor/contrib/dropOrPasteInto/browser/dropIntoEditorContribution';
// @ts-ignore
import 'monaco-editor/features/find/register';
// @ts-ignore
import 'monaco-editor/editor/contrib/folding/browser/folding';
// @ts-ignore
import 'monaco-editor/editor/contrib/fontZoom/browser/fontZoom';
// @ts-ignore
import 'monaco-editor/editor/contrib/format/browser/formatActions';
// @ts-ignore
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
// @ts-ignore
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess';
// @ts-ignore
import 'monaco-editor/editor/contrib/gotoSymbol/browser/link/goToDefinitionAtPosition';
// @ts-ignore
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
// @ts-ignore
import 'monaco-editor/editor/contrib/indentation/browser/indentation';
// @ts-ignore
import 'monaco-editor/editor/contrib/inlayHints/browser/inlayHintsContribution';
// @ts-ignore
import 'monaco-editor/editor/contrib/inlineProgress/browser/inlineProgress';
// @ts-ignore
import 'monaco-editor/editor/contrib/inPlaceReplace/browser/inPlaceReplace';
// @ts-ignore
import 'monaco-editor/editor/contrib/insertFinalNewLine/browser/insertFinalNewLine';
// @ts-ignore
import 'monaco-editor/editor/contrib/lineSelection/browser/lineSelection';
// @ts-ignore
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
// @ts-ignore
import 'monaco-editor/editor/contrib/linkedEditing/browser/linkedEditing';
// @ts-ignore
import 'monaco-editor/editor/contrib/links/browser/links';
// @ts-ignore
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor';
// @ts-ignore
import 'monaco-editor/editor/contrib/parameterHints/browser/parameterHints';
// @ts-ignore
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoSymbolQuickAccess';
// @ts-ignore
import 'monaco-editor/editor/contrib/readOnlyMessage/browser/contribution';
// @ts-ignore
import 'monaco-editor/editor/standalone/browser/referenceSearch/standaloneReferenceSearch';
// @ts-ignore
import 'monaco-editor/editor/contrib/rename/browser/rename';
// @ts-ignore
import 'monaco-editor/editor/contrib/semanticTokens/browser/viewportSemanticTokens';
// @ts-ignore
import 'monaco-editor/editor/contrib/smartSelect/browser/smartSelect';
// @ts-ignore
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
// @ts-ignore the completion list (register.all brings it in through inline completions, left out above)
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
// @ts-ignore
import 'monaco-editor/editor/contrib/stickyScroll/browser/stickyScrollContribution';
// @ts-ignore
import 'monaco-editor/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode';
// @ts-ignore
import 'monaco-editor/editor/contrib/tokenization/browser/tokenization';
// @ts-ignore
import 'monaco-editor/editor/contrib/unicodeHighlighter/browser/unicodeHighlighter';
// @ts-ignore
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
// @ts-ignore
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations';
// @ts-ignore
import 'monaco-editor/editor/contrib/wordPartOperations/browser/wordPartOperations';
// @ts-ignore
import 'monaco-editor/languages/definitions/register.all';
// @ts-ignore
import 'monaco-editor/languages/features/json/register';
// Keys before background tokenization (ADR 0016): Monaco's background tokenizer waits for a pause in the typing.
// @ts-ignore Monaco's internal module, no type declarations (typing-first-tokenization.ts says what it relies on)
import { DefaultBackgroundTokenizer } from 'monaco-editor/editor/common/model/textModelTokens.js';
import { putTypingBeforeMonacoTokenization } from './typing-first-tokenization';

if (!putTypingBeforeMonacoTokenization(DefaultBackgroundTokenizer.prototype)) {
  console.warn('[bullpen] Monaco background tokenization is not as expected: keys may wait behind it in large files');
}
