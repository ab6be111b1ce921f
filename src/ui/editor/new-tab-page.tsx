import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { EditorGroupsStore } from '../../application/editor/editor-groups.store';
import { EXPLORER_ACTION_IDS } from '../../application/files/explorer-actions';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { useService } from '../di/container-context';

/** The main actions a new-tab page offers, by id: their labels and keys come from the action registry. */
export const NEW_TAB_ACTION_IDS: readonly string[] = ['workbench.action.quickOpen', EXPLORER_ACTION_IDS.newFile, 'workbench.action.showCommands'];

/**
 * What a group shows without a file (spec 002 §2): the first group with no initial file, the second group's pinned
 * sticky tab. It lists the main actions with their key bindings; it takes the keyboard when its group is focused.
 */
export const NewTabPage = observer(function NewTabPage({ groupId }: { groupId: number }) {
  const actions = useService(ActionRegistry);
  const groups = useService(EditorGroupsStore);
  const region = useRef<HTMLDivElement>(null);
  const listed = NEW_TAB_ACTION_IDS.flatMap((id) => actions.get(id) ?? []);
  // Runs again once the actions are there: the workbench registers them in its own effect, after this one's first run.
  const hasActions = listed.length > 0;
  useEffect(() => {
    const takeFocus = () => region.current?.querySelector<HTMLElement>('button')?.focus();
    // Shown in the focused group in place of its editor (its last file closed): the keyboard comes here.
    const group = region.current?.closest('[role=group]');
    const active = document.activeElement;
    if (groups.activeGroup.id === groupId && active && (active === document.body || (group?.contains(active) && !region.current?.contains(active)))) takeFocus();
    const stopGroup = reaction(
      () => groups.activeGroup.id === groupId,
      (focused) => focused && !region.current?.contains(document.activeElement) && takeFocus(),
    );
    // The keyboard back to the active group (Ctrl/Cmd+` hiding a focused terminal): here when it shows no file.
    const stopRequests = reaction(
      () => groups.editorFocusRequest,
      () => groups.activeGroup.id === groupId && takeFocus(),
    );
    return () => {
      stopGroup();
      stopRequests();
    };
  }, [groups, groupId, hasActions]);
  return (
    <div ref={region} role="region" aria-label="New Tab" className="bp-new-tab-page" data-testid="new-tab-page">
      <h2 className="bp-new-tab-title">Start</h2>
      <ul className="bp-new-tab-actions">
        {listed.map((action) => (
          <li key={action.id}>
            <button type="button" data-action={action.id} onClick={() => actions.run(action.id)}>
              {action.label}
            </button>
            {action.keyLabel ? <kbd>{action.keyLabel}</kbd> : <span />}
          </li>
        ))}
      </ul>
    </div>
  );
});
