import { autorun } from 'mobx';
import * as monaco from 'monaco-editor';
import { DocumentSession } from '../../application/editor/document-session';
import { CollaboratorsStore } from '../../application/workspace/collaborators.store';
import { DisposableStore } from '../../base/lifecycle';
import { languageOf } from '../../domain/editor/language-of';
import { bindModelText } from './model-text';
import { remoteCursorDecorations } from './remote-cursors';

/**
 * Makes one Monaco model the home of a document session's text: local changes become operations (O(change)),
 * operations from the session become model edits (O(edit)), remote selections become decorations.
 */
export class ModelBinding {
  readonly model: monaco.editor.ITextModel;
  private decorations: string[] = [];
  private readonly store = new DisposableStore();

  constructor(
    readonly session: DocumentSession,
    collaborators: CollaboratorsStore,
  ) {
    const uri = monaco.Uri.from({ scheme: 'file', path: `/${session.path}` });
    monaco.editor.getModel(uri)?.dispose();
    const content = session.content;
    this.model = monaco.editor.createModel(content, languageOf(session.path), uri);
    if (content.includes('\r\n')) this.model.setEOL(monaco.editor.EndOfLineSequence.CRLF);
    const model = this.model;
    this.store.add(bindModelText(model, session, monaco.Range, content));
    const stop = autorun(() => {
      const cursors = [...session.remoteSelections].map(([clientId, selections]) => {
        const c = collaborators.clients.get(clientId);
        return { clientId, selections, name: c?.name ?? 'Anonymous', color: c?.color ?? '#888888' };
      });
      this.decorations = model.deltaDecorations(this.decorations, remoteCursorDecorations(model, cursors, monaco.Range));
    });
    this.store.add({ dispose: stop });
  }

  dispose(): void {
    this.store.dispose();
    this.model.dispose();
  }
}
