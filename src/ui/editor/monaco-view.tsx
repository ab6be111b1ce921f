import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import * as monaco from 'monaco-editor';
import { useEffect, useRef } from 'react';
import { EditorStore } from '../../application/editor/editor.store';
import { CollaboratorsStore } from '../../application/workspace/collaborators.store';
import { ConnectionStore } from '../../application/workspace/connection.store';
import { useService } from '../di/container-context';
import { installMonacoEnvironment } from './monaco-environment';
import { ModelBinding } from './model-binding';

installMonacoEnvironment();

/** Spec 002 §9 editor defaults. */
const EDITOR_OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  fontSize: 14,
  quickSuggestionsDelay: 10,
  minimap: { enabled: false },
  theme: 'vs-dark',
  scrollBeyondLastLine: false,
  fixedOverflowWidgets: true,
};

const SELECTION_THROTTLE_MS = 50;

/** The one Monaco editor; it shows the active tab's model. */
export const MonacoView = observer(function MonacoView() {
  const editorStore = useService(EditorStore);
  const collaborators = useService(CollaboratorsStore);
  const connection = useService(ConnectionStore);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const editor = monaco.editor.create(host.current!, EDITOR_OPTIONS);
    const bindings = new Map<string, ModelBinding>();
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => void editorStore.save());
    let selectionTimer: ReturnType<typeof setTimeout> | undefined;
    const selectionSub = editor.onDidChangeCursorSelection(() => {
      if (selectionTimer) return;
      selectionTimer = setTimeout(() => {
        selectionTimer = undefined;
        const model = editor.getModel();
        const session = editorStore.active;
        if (!model || !session || bindings.get(session.fileId)?.model !== model) return;
        const selections = (editor.getSelections() ?? []).map((s) => ({
          anchor: model.getOffsetAt({ lineNumber: s.selectionStartLineNumber, column: s.selectionStartColumn }),
          head: model.getOffsetAt(s.getPosition()),
        }));
        session.sendSelection(selections);
      }, SELECTION_THROTTLE_MS);
    });
    const stopShowing = reaction(
      () => [editorStore.active, editorStore.tabs] as const,
      ([active]) => {
        for (const [fileId, binding] of bindings) {
          if (editorStore.session(fileId) !== binding.session) {
            binding.dispose();
            bindings.delete(fileId);
          }
        }
        if (!active) return editor.setModel(null);
        let binding = bindings.get(active.fileId);
        if (!binding) bindings.set(active.fileId, (binding = new ModelBinding(active, collaborators)));
        if (editor.getModel() !== binding.model) editor.setModel(binding.model);
        editor.focus();
      },
      { fireImmediately: true },
    );
    const stopReadOnly = reaction(
      () => connection.canEdit,
      (canEdit) => editor.updateOptions({ readOnly: !canEdit }),
      { fireImmediately: true },
    );
    return () => {
      stopShowing();
      stopReadOnly();
      selectionSub.dispose();
      for (const binding of bindings.values()) binding.dispose();
      editor.dispose();
    };
  }, [editorStore, collaborators, connection]);

  return <div className="bp-monaco" ref={host} data-testid="monaco-host" />;
});
