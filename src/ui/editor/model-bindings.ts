import { reaction } from 'mobx';
import * as monaco from 'monaco-editor';
import { DocumentSession } from '../../application/editor/document-session';
import { EditorStore } from '../../application/editor/editor.store';
import { CollaboratorsStore } from '../../application/workspace/collaborators.store';
import { Emitter } from '../../base/event';
import { Disposable } from '../../base/lifecycle';
import { ModelBinding, ModelMove, ModelPlaces, documentUri } from './model-binding';

/** Where a document's model goes when another document takes its URI (see claim): no language server sees it. */
const DETACHED_SCHEME = 'bullpen-detached';

/**
 * One Monaco model per open file, bound once to its document session and shared by every editor group's editor (and
 * the diff editor, which finds it by URI): a file open in two groups is one model, so both show every edit. A binding
 * goes when its file's session does (no group shows the file any more, or it was reopened with a new session). When
 * a file is renamed or moved its document moves to a new model (ModelBinding.moveTo) and `onDidMoveModel` tells the
 * editors to show that one.
 */
export class ModelBindings implements Disposable, ModelPlaces {
  private readonly bindings = new Map<string, ModelBinding>();
  private readonly stop: () => void;
  private readonly moves = new Emitter<ModelMove>();
  /** A document's model was replaced (its file was renamed or moved): editors showing `from` show `to`. */
  readonly onDidMoveModel = this.moves.event;

  constructor(
    private readonly editorStore: EditorStore,
    private readonly collaborators: CollaboratorsStore,
  ) {
    this.stop = reaction(
      () => editorStore.tabs,
      () => this.prune(),
    );
  }

  /** The binding of an open document's session, made on first use. */
  bindingFor(session: DocumentSession): ModelBinding {
    const existing = this.bindings.get(session.fileId);
    if (existing?.session === session) return existing;
    existing?.dispose();
    const binding = new ModelBinding(session, this.collaborators, this);
    this.bindings.set(session.fileId, binding);
    return binding;
  }

  /**
   * The URI of the document at `path`, free for `by`. A model already there goes: a peek's preview model (or any
   * other that is not a document) is disposed; another open document's model is moved aside under a URI of its own,
   * with its text and edits, so that no document is lost. That happens when a deleted file's tab (which keeps its last
   * path) meets a new file of that path, and when two open files swap names in one step (the second move takes its
   * document back under its new path).
   */
  claim(path: string, by?: ModelBinding): monaco.Uri {
    const uri = documentUri(path);
    const holder = monaco.editor.getModel(uri);
    if (!holder || holder === by?.model) return uri;
    const owner = [...this.bindings.values()].find((binding) => binding !== by && binding.model === holder);
    if (owner) owner.moveTo(owner.session.path, monaco.Uri.from({ scheme: DETACHED_SCHEME, path: `/${owner.session.path}`, query: owner.session.fileId }));
    else holder.dispose();
    return uri;
  }

  moved(move: ModelMove): void {
    this.moves.fire(move);
  }

  private prune(): void {
    for (const [fileId, binding] of this.bindings) {
      if (this.editorStore.session(fileId) === binding.session) continue;
      binding.dispose();
      this.bindings.delete(fileId);
    }
  }

  dispose(): void {
    this.stop();
    this.moves.dispose();
    for (const binding of this.bindings.values()) binding.dispose();
    this.bindings.clear();
  }
}

let shared: { bindings: ModelBindings; users: number } | undefined;

/** The editors' shared bindings; each editor releases them when it goes, the last one disposes them. */
export function acquireModelBindings(editorStore: EditorStore, collaborators: CollaboratorsStore): { bindings: ModelBindings; release(): void } {
  if (!shared) shared = { bindings: new ModelBindings(editorStore, collaborators), users: 0 };
  const held = shared;
  held.users++;
  let released = false;
  return {
    bindings: held.bindings,
    release: () => {
      if (released) return;
      released = true;
      if (--held.users > 0) return;
      held.bindings.dispose();
      if (shared === held) shared = undefined;
    },
  };
}
