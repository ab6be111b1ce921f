import { EditorStore } from '../../application/editor/editor.store';
import { LayoutStore } from '../../application/workbench/layout.store';
import { WorkbenchStore } from '../../application/workspace/workbench.store';

export interface EditorPageStores {
  layout: LayoutStore;
  editor: EditorStore;
  workbench: WorkbenchStore;
}

/**
 * What an editor page does first: the query's layout and file, then the sandbox opens (platform API, then the
 * workspace connection). main.tsx calls it before React renders, so the websocket connects and joins while the
 * browser still evaluates the editor's code; the page's effect calls it again, which changes nothing.
 */
export function beginEditorPage({ layout, editor, workbench }: EditorPageStores, sandboxId: string, search: string): void {
  layout.applyQuery(search);
  editor.requestInitialFile(layout.requestedFile);
  void workbench.open(sandboxId);
}
