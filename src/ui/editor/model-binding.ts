import { autorun } from 'mobx';
import * as monaco from 'monaco-editor';
import { DocumentSession } from '../../application/editor/document-session';
import { CollaboratorsStore } from '../../application/workspace/collaborators.store';
import { DisposableStore } from '../../base/lifecycle';
import { languageOf } from '../../domain/editor/language-of';
import { editsFromOperation, operationFromChanges } from './monaco-operations';
import { remoteCursorDecorations } from './remote-cursors';

/**
 * Keeps one Monaco model and one document session equal: local changes become operations,
 * remote operations become edits, remote selections become decorations.
 */
export class ModelBinding {
  readonly model: monaco.editor.ITextModel;
  private applyingRemote = false;
  private decorations: string[] = [];
  private readonly store = new DisposableStore();

  constructor(
    readonly session: DocumentSession,
    collaborators: CollaboratorsStore,
  ) {
    const uri = monaco.Uri.from({ scheme: 'file', path: `/${session.path}` });
    monaco.editor.getModel(uri)?.dispose();
    this.model = monaco.editor.createModel(session.content, languageOf(session.path), uri);
    if (session.content.includes('\r\n')) this.model.setEOL(monaco.editor.EndOfLineSequence.CRLF);
    this.store.add(
      this.model.onDidChangeContent((event) => {
        if (this.applyingRemote) return;
        this.session.applyLocal(operationFromChanges(event.changes, this.session.content.length));
      }),
    );
    this.store.add(
      session.onDidApplyRemote((op) => {
        this.applyingRemote = true;
        try {
          this.model.applyEdits(editsFromOperation(this.model, op, monaco.Range));
          // Safety net: never let the view drift from the session's text.
          if (this.model.getValueLength() !== this.session.content.length || this.model.getValue() !== this.session.content) {
            this.model.setValue(this.session.content);
          }
        } finally {
          this.applyingRemote = false;
        }
      }),
    );
    const stop = autorun(() => {
      const cursors = [...session.remoteSelections].map(([clientId, selections]) => {
        const c = collaborators.clients.get(clientId);
        return { clientId, selections, name: c?.name ?? 'Anonymous', color: c?.color ?? '#888888' };
      });
      this.decorations = this.model.deltaDecorations(this.decorations, remoteCursorDecorations(this.model, cursors, monaco.Range));
    });
    this.store.add({ dispose: stop });
  }

  dispose(): void {
    this.store.dispose();
    this.model.dispose();
  }
}
