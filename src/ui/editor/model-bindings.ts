import { reaction } from 'mobx';
import { DocumentSession } from '../../application/editor/document-session';
import { EditorStore } from '../../application/editor/editor.store';
import { CollaboratorsStore } from '../../application/workspace/collaborators.store';
import { Disposable } from '../../base/lifecycle';
import { ModelBinding } from './model-binding';

/**
 * One Monaco model per open file, bound once to its document session and shared by every editor group's editor (and
 * the diff editor, which finds it by URI): a file open in two groups is one model, so both show every edit. A binding
 * goes when its file's session does (no group shows the file any more, or it was reopened with a new session).
 */
export class ModelBindings implements Disposable {
  private readonly bindings = new Map<string, ModelBinding>();
  private readonly stop: () => void;

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
    const binding = new ModelBinding(session, this.collaborators);
    this.bindings.set(session.fileId, binding);
    return binding;
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
