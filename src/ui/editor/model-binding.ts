import { autorun } from 'mobx';
import * as monaco from 'monaco-editor';
import { DocumentSession } from '../../application/editor/document-session';
import { LocalText } from '../../application/editor/local-text';
import { CollaboratorsStore } from '../../application/workspace/collaborators.store';
import { DisposableStore } from '../../base/lifecycle';
import { languageOf } from '../../domain/editor/language-of';
import { diffToOperation } from '../../domain/ot/text-diff';
import { TextOperation } from '../../domain/ot/text-operation';
import { editsFromOperation, operationFromChanges } from './monaco-operations';
import { remoteCursorDecorations } from './remote-cursors';

/**
 * Makes one Monaco model the home of a document session's text: local changes become operations (O(change)),
 * operations from the session become model edits (O(edit)), remote selections become decorations.
 */
export class ModelBinding {
  readonly model: monaco.editor.ITextModel;
  private applying = false;
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
    const view: LocalText = {
      get length() {
        return model.getValueLength();
      },
      getText: () => model.getValue(),
      apply: (op: TextOperation) => {
        this.applying = true;
        try {
          model.applyEdits(editsFromOperation(model, op, monaco.Range));
        } finally {
          this.applying = false;
        }
      },
    };
    const normalized = model.getValue();
    this.store.add(session.attachView(view));
    this.store.add(
      model.onDidChangeContent((event) => {
        if (this.applying) return;
        let inserted = 0;
        let removed = 0;
        for (const change of event.changes) {
          inserted += change.text.length;
          removed += change.rangeLength;
        }
        const before = model.getValueLength() - inserted + removed;
        this.session.applyLocal(operationFromChanges(event.changes, before));
      }),
    );
    // Monaco keeps one line-ending style: a file with mixed line endings changes when it is loaded; that is an edit.
    if (normalized !== content) this.session.applyLocal(diffToOperation(content, normalized));
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
