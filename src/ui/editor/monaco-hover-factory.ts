import * as monaco from 'monaco-editor';

/**
 * Monaco keeps one page-wide factory for the hover delegates of its menus and action bars (`setHoverDelegateFactory`
 * in vs/base/browser/ui/hover/hoverDelegateFactory.js), set again by every code editor it creates, with that editor's
 * instantiation service. A diff editor's two inner editors use the diff editor's own service, which is disposed with
 * it: from then on no context menu could render ('InstantiationService has been disposed'), in any editor, by mouse or
 * by Shift+F10. After a diff editor is disposed, an editor created and disposed at once, with the page's own services
 * and no model, sets the factory back to a live service. Public API only; harmless once Monaco mends this itself.
 */
export function restoreMonacoHoverFactory(): void {
  monaco.editor.create(document.createElement('div'), { model: null }).dispose();
}
