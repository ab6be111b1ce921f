import { useEffect } from 'react';
import { editorGroupActions } from '../../application/editor/editor-group-actions';
import { EditorGroupsStore } from '../../application/editor/editor-groups.store';
import { EditorStore } from '../../application/editor/editor.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { useService } from '../di/container-context';

/** Registers the editor groups' actions (close, reopen, split, focus a group, next/previous tab) with the shell. */
export function useEditorGroupActions(actions: ActionRegistry): void {
  const groups = useService(EditorGroupsStore);
  const editor = useService(EditorStore);
  useEffect(() => actions.register(editorGroupActions({ groups, editor })), [actions, groups, editor]);
}
