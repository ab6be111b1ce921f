import * as monaco from 'monaco-editor';
import { EditorStore } from '../../application/editor/editor.store';
import { FileTreeStore } from '../../application/files/file-tree.store';
import { toEditorRange } from '../../domain/language/lsp-positions';
import { LspTextEdit, LspWorkspaceEdit } from '../../domain/language/lsp-types';
import { TextEditsByUri, operationOfTextEdits, textEditsByUri } from '../../domain/language/workspace-edit';
import { workspacePathOfUri } from '../../domain/language/workspace-uri';

export interface ApplyEditResult {
  applied: boolean;
  failureReason?: string;
}

const toMonacoEdit = (e: LspTextEdit): monaco.editor.IIdentifiedSingleEditOperation => ({ range: toEditorRange(e.range), text: e.newText, forceMoveMarkers: true });

/**
 * Applies language-server edits as the user's own edits: in a file an editor model shows, through the model (its
 * binding turns the change into an OT operation of the document session, and it can be undone); a file not open
 * yet is opened first (a tab, as in VS Code), and the editor goes back to the file it showed.
 */
export class WorkspaceEdits {
  constructor(
    private readonly editor: EditorStore,
    private readonly files: FileTreeStore,
    private readonly isPreview: (uri: string) => boolean,
  ) {}

  /** The model of a document open in the editor (not a peek preview), if any. */
  documentModel(uri: string): monaco.editor.ITextModel | undefined {
    const model = monaco.editor.getModel(monaco.Uri.parse(uri));
    return model && !this.isPreview(model.uri.toString()) ? model : undefined;
  }

  /** Splits an edit into the part Monaco can apply to open documents and the files that must be opened first. */
  split(edits: TextEditsByUri): { open: monaco.languages.IWorkspaceTextEdit[]; unopened: Map<string, readonly LspTextEdit[]> } {
    const open: monaco.languages.IWorkspaceTextEdit[] = [];
    const unopened = new Map<string, readonly LspTextEdit[]>();
    for (const [uri, list] of edits) {
      const model = this.documentModel(uri);
      if (!model) unopened.set(uri, list);
      else for (const e of list) open.push({ resource: model.uri, textEdit: { range: toEditorRange(e.range), text: e.newText }, versionId: undefined });
    }
    return { open, unopened };
  }

  /** workspace/applyEdit: every file, open or not. */
  async apply(edit: LspWorkspaceEdit): Promise<ApplyEditResult> {
    const edits = textEditsByUri(edit);
    if (!edits.ok) return { applied: false, failureReason: edits.error };
    return this.applyByUri(edits.value);
  }

  async applyByUri(edits: TextEditsByUri): Promise<ApplyEditResult> {
    const failed: string[] = [];
    const previous = this.editor.activeFileId;
    let switched = false;
    for (const [uri, list] of edits) {
      let model = this.documentModel(uri);
      const path = workspacePathOfUri(uri);
      const node = path === undefined ? undefined : this.files.fileAt(path);
      if (!model && node) {
        await this.editor.open(node.id);
        switched = true;
        model = this.documentModel(uri);
      }
      if (model) {
        model.pushStackElement();
        model.pushEditOperations([], list.map(toMonacoEdit), () => null);
        model.pushStackElement();
        continue;
      }
      const session = node ? this.editor.session(node.id) : undefined;
      const op = session ? operationOfTextEdits(session.content, list) : undefined;
      if (session && op?.ok) session.applyLocal(op.value);
      else failed.push(path ?? uri);
    }
    if (switched && previous !== undefined) this.editor.activate(previous);
    return failed.length === 0 ? { applied: true } : { applied: false, failureReason: `Could not edit ${failed.join(', ')}` };
  }
}
