import { autorun, reaction } from 'mobx';
import * as monaco from 'monaco-editor';
import { DocumentSession } from '../../application/editor/document-session';
import { CollaboratorsStore } from '../../application/workspace/collaborators.store';
import { DisposableStore } from '../../base/lifecycle';
import { languageOf } from '../../domain/editor/language-of';
import { bindModelText } from './model-text';
import { remoteCursorDecorations } from './remote-cursors';

/** The URI of an open document's model: `file:///<workspace path>`, the URI the language servers know it by. */
export const documentUri = (path: string): monaco.Uri => monaco.Uri.from({ scheme: 'file', path: `/${path}` });

/** A document's model was replaced by one under another URI (its file was renamed or moved). */
export interface ModelMove {
  readonly from: monaco.editor.ITextModel;
  readonly to: monaco.editor.ITextModel;
}

/** Where bindings put their models (ModelBindings). */
export interface ModelPlaces {
  /** The URI for a document at `path`, made free for `by`: another model there is moved aside or disposed. */
  claim(path: string, by?: ModelBinding): monaco.Uri;
  /** Editors showing `from` show `to` from now on (`from` is disposed right after). */
  moved(move: ModelMove): void;
}

/**
 * Makes a Monaco model the home of a document session's text: local changes become operations (O(change)),
 * operations from the session become model edits (O(edit)), remote selections become decorations. The model is
 * named after the document's path, which it follows: when the file is renamed or moved the document gets a new model
 * under the new URI, in the new path's language (a model's URI cannot change, and the language servers, diagnostics
 * and markers know a document by its URI). See moveTo.
 */
export class ModelBinding {
  private current: monaco.editor.ITextModel;
  private attached: DisposableStore;
  private readonly stopFollowing: () => void;

  constructor(
    readonly session: DocumentSession,
    private readonly collaborators: CollaboratorsStore,
    private readonly places: ModelPlaces,
  ) {
    const content = session.content;
    this.current = monaco.editor.createModel(content, languageOf(session.path), places.claim(session.path, this));
    if (content.includes('\r\n')) this.current.setEOL(monaco.editor.EndOfLineSequence.CRLF);
    this.attached = this.attach(this.current, content);
    this.stopFollowing = reaction(
      () => session.path,
      (path) => this.moveTo(path, places.claim(path, this)),
    );
  }

  /** The model that holds the document's text now. */
  get model(): monaco.editor.ITextModel {
    return this.current;
  }

  /**
   * Puts the document in a new model under `uri`, in the language of `path`. The new model gets the text as it is
   * and takes over from the old one as the session's view (DocumentSession.attachView) in one synchronous step, so
   * the session's OT state is untouched: the operation in flight, the edits not yet sent and the revision stay as they
   * were, and the next keystroke or remote operation goes to the new model. Editors switch to the new model keeping
   * their view state (ModelPlaces.moved), then the old model is disposed: the language servers see the old URI
   * closed and the new one opened (ui/language/document-sync.ts). Monaco keeps undo history per model, so the undo
   * history starts anew.
   */
  moveTo(path: string, uri: monaco.Uri): void {
    const from = this.current;
    if (from.uri.toString() === uri.toString()) return monaco.editor.setModelLanguage(from, languageOf(path));
    const content = from.getValue();
    const to = monaco.editor.createModel(content, languageOf(path), uri);
    to.setEOL(from.getEndOfLineSequence());
    const attached = this.attach(to, content);
    this.attached.dispose();
    this.attached = attached;
    this.current = to;
    this.places.moved({ from, to });
    from.dispose();
  }

  dispose(): void {
    this.stopFollowing();
    this.attached.dispose();
    this.current.dispose();
  }

  /** The session's text in `model` (which holds `content`), and collaborators' selections as decorations on it. */
  private attach(model: monaco.editor.ITextModel, content: string): DisposableStore {
    const store = new DisposableStore();
    store.add(bindModelText(model, this.session, monaco.Range, content));
    let decorations: string[] = [];
    const stop = autorun(() => {
      const cursors = [...this.session.remoteSelections].map(([clientId, selections]) => {
        const c = this.collaborators.clients.get(clientId);
        return { clientId, selections, name: c?.name ?? 'Anonymous', color: c?.color ?? '#888888' };
      });
      decorations = model.deltaDecorations(decorations, remoteCursorDecorations(model, cursors, monaco.Range));
    });
    store.add({ dispose: stop });
    return store;
  }
}
