import { comparer, reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import * as monaco from 'monaco-editor';
import { useEffect, useRef } from 'react';
import { EditorGroupsStore } from '../../application/editor/editor-groups.store';
import { EditorNavigationStore } from '../../application/editor/editor-navigation.store';
import { EditorStatusStore } from '../../application/editor/editor-status.store';
import { EditorStore } from '../../application/editor/editor.store';
import { GitStore } from '../../application/git/git.store';
import { FollowStore } from '../../application/presence/follow.store';
import { CollaboratorsStore } from '../../application/workspace/collaborators.store';
import { Disposable } from '../../base/lifecycle';
import { activeFileOf } from '../../domain/editor/editor-groups';
import { useService } from '../di/container-context';
import { bindFollowing } from '../presence/follow-editor';
import { conflictPaletteActions, installConflictLenses } from '../scm/conflict-lenses';
import { AutoSave } from '../../application/settings/auto-save';
import { EditorConfigStore } from '../../application/settings/editorconfig.store';
import { SettingsStore } from '../../application/settings/settings.store';
import { bindEditorSettings } from '../settings/editor-settings-binding';
import { AiToolbarStore } from '../../application/ai/ai-toolbar.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { installAiToolbar } from '../ai/ai-toolbar-widget';
import { reportEditorStatus, sendSelections } from './editor-reports';
import { EDITOR_OPTIONS } from './editor-options';
import { installMonacoEnvironment } from './monaco-environment';
import { acquireModelBindings } from './model-bindings';
import { honourRevealRequests } from './reveal-requests';
import { bindWordSuggestions } from './word-suggestions-binding';
import { markFirstFileShown } from '../workbench/first-file-shown';

installMonacoEnvironment();

/** `performance.mark('bullpen:editable')` once, when a file first shows in an editable editor (bench/first-load). */
function markFirstEditable(canEdit: boolean): void {
  if (!canEdit || performance.getEntriesByName('bullpen:editable').length > 0) return;
  performance.mark('bullpen:editable');
}

/**
 * One editor group's Monaco editor: it shows the group's active file, through the model every editor shares for that
 * file (model-bindings.ts). Settings, read-only state and conflict lenses apply to each editor; the status bar, the
 * selection collaborators see, reveal requests, the AI toolbar and following go with the focused group's editor.
 * (Language features are installed once for all editors: editor-features.tsx.)
 */
export const MonacoView = observer(function MonacoView({ groupId }: { groupId: number }) {
  const editorStore = useService(EditorStore);
  const groups = useService(EditorGroupsStore);
  const collaborators = useService(CollaboratorsStore);
  const status = useService(EditorStatusStore);
  const follow = useService(FollowStore);
  const git = useService(GitStore);
  const navigation = useService(EditorNavigationStore);
  const settings = useService(SettingsStore);
  const editorConfig = useService(EditorConfigStore);
  const autoSave = useService(AutoSave);
  const aiToolbar = useService(AiToolbarStore);
  const actions = useService(ActionRegistry);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const editor = monaco.editor.create(host.current!, EDITOR_OPTIONS);
    const models = acquireModelBindings(editorStore, collaborators);
    const isFocusedGroup = () => groups.activeGroup.id === groupId;
    const shownFile = () => {
      const group = groups.group(groupId);
      return group ? activeFileOf(group) : undefined;
    };
    const shownSession = () => {
      const file = shownFile();
      return file ? editorStore.session(file.fileId) : undefined;
    };
    const shown = () => {
      const session = shownSession();
      return session ? { session, model: models.bindings.bindingFor(session).model } : undefined;
    };
    const settingsBinding = bindEditorSettings(editor, { settings, editorConfig, autoSave });
    const wordSuggestions = bindWordSuggestions(editor);
    const conflictSource = { conflictedPaths: () => git.conflictedPaths, canEdit: () => editorStore.canEdit };
    const conflicts = installConflictLenses(editor, conflictSource);
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => void editorStore.save(shownFile()?.fileId));

    const focusedOnly = (): Disposable[] => [
      reportEditorStatus(editor, status),
      sendSelections(editor, shown),
      honourRevealRequests(editor, editorStore, navigation),
      installAiToolbar(editor, aiToolbar, () => shownSession()?.path),
      bindFollowing(editor, follow),
      { dispose: actions.register(conflictPaletteActions(editor, conflictSource)) },
    ];
    let focused: Disposable[] = [];
    const stopFocus = reaction(
      isFocusedGroup,
      (isFocused, wasFocused) => {
        for (const binding of focused) binding.dispose();
        focused = isFocused ? focusedOnly() : [];
        // Ctrl/Cmd+1/2, a click in the group: its editor takes the keyboard (not on the first render).
        if (isFocused && wasFocused === false && editor.getModel()) editor.focus();
      },
      { fireImmediately: true },
    );

    // The keyboard back to the active group's editor (Ctrl/Cmd+` hiding a focused terminal).
    const stopFocusRequests = reaction(
      () => groups.editorFocusRequest,
      () => isFocusedGroup() && editor.getModel() && editor.focus(),
    );

    const viewStates = new Map<string, monaco.editor.ICodeEditorViewState | null>();
    let shownFileId: string | undefined;
    // Runs when the shown file changes, or the open files do (a file closed and opened again has a new session).
    const stopShowing = reaction(
      () => [shownFile()?.fileId, editorStore.tabs.map((t) => t.fileId)] as const,
      ([fileId]) => {
        const session = fileId !== undefined ? editorStore.session(fileId) : undefined;
        const model = session ? models.bindings.bindingFor(session).model : null;
        for (const id of viewStates.keys()) if (!editorStore.session(id)) viewStates.delete(id);
        if (editor.getModel() === model) return;
        if (shownFileId !== undefined && editor.getModel()) viewStates.set(shownFileId, editor.saveViewState());
        editor.setModel(model);
        shownFileId = session?.fileId;
        const state = session ? viewStates.get(session.fileId) : undefined;
        if (state) editor.restoreViewState(state);
        if (!model) return;
        if (isFocusedGroup()) editor.focus();
        markFirstEditable(editorStore.canEdit);
        markFirstFileShown();
      },
      { fireImmediately: true, equals: comparer.structural },
    );
    // The shown file was renamed or moved: its document is in a new model (model-binding.ts), shown the way it was.
    const moves = models.bindings.onDidMoveModel(({ from, to }) => {
      if (editor.getModel() !== from) return;
      const state = editor.saveViewState();
      const focused = editor.hasTextFocus();
      editor.setModel(to);
      if (state) editor.restoreViewState(state);
      if (focused) editor.focus();
    });
    const stopReadOnly = reaction(
      () => editorStore.canEdit,
      (canEdit) => editor.updateOptions({ readOnly: !canEdit }),
      { fireImmediately: true },
    );
    return () => {
      const wasFocused = focused.length > 0;
      for (const binding of focused) binding.dispose();
      stopFocus();
      stopFocusRequests();
      settingsBinding.dispose();
      wordSuggestions.dispose();
      conflicts.dispose();
      stopShowing();
      moves.dispose();
      stopReadOnly();
      if (wasFocused) status.clear();
      editor.setModel(null);
      editor.dispose();
      models.release();
    };
  }, [editorStore, groups, groupId, collaborators, status, follow, git, navigation, settings, editorConfig, autoSave, aiToolbar, actions]);

  return <div className="bp-monaco" ref={host} data-testid="monaco-host" data-group-id={groupId} />;
});
