import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { EditorStore } from '../../application/editor/editor.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { LayoutStore } from '../../application/workbench/layout.store';
import { QuickInputStore } from '../../application/workbench/quick-input.store';
import { workbenchActions } from '../../application/workbench/workbench-actions';
import { useAiActions } from '../ai/use-ai-actions';
import { useService } from '../di/container-context';
import { EditorArea } from '../editor/editor-area';
import { useEditorGroupActions } from '../editor/use-editor-group-actions';
import { useExplorerActions } from '../explorer/use-explorer-actions';
import { useScmActions } from '../scm/use-scm-actions';
import { useSearchActions } from '../search/use-search-actions';
import { PreviewSlot } from '../preview/preview-slot';
import { useRunActions } from '../terminal/use-run-actions';
import { SettingsDialog } from '../settings/settings-dialog';
import { useSettingsActions } from '../settings/use-settings-actions';
import { ActivityBar } from './activity-bar';
import { BottomPanel } from './bottom-panel';
import { QuickInput } from './quick-input';
import { SideBar } from './side-bar';
import { StatusBar } from './status-bar';
import { useActionKeys } from './use-action-keys';
import { useLayoutRoom } from './use-layout-room';

/** Activity bar, side bar, editor with the panel below, status bar, and the quick input over them. */
export const WorkbenchShell = observer(function WorkbenchShell() {
  const actions = useService(ActionRegistry);
  const layout = useService(LayoutStore);
  const quickInput = useService(QuickInputStore);
  const editor = useService(EditorStore);
  useSearchActions(actions); // before the workbench's actions: Alt+W in the search box toggles whole word
  useEffect(() => actions.register(workbenchActions({ layout, quickInput, editor })), [actions, layout, quickInput, editor]);
  useEditorGroupActions(actions); // after the search actions too: Alt+W closes the editor outside the search box
  useExplorerActions(actions);
  useScmActions(actions);
  useRunActions(actions);
  useSettingsActions(actions);
  useAiActions(actions);
  useActionKeys(actions);
  const row = useRef<HTMLDivElement>(null);
  const { sideBarVisible, previewVisible } = layout.layout;
  useLayoutRoom(row, layout, `${sideBarVisible} ${previewVisible}`);
  return (
    <div className="bp-shell">
      <div className="bp-shell-main" ref={row}>
        <ActivityBar />
        <SideBar />
        <main className="bp-center" aria-label="Editor">
          <EditorArea />
          <BottomPanel />
        </main>
        <PreviewSlot />
      </div>
      <StatusBar />
      <QuickInput />
      <SettingsDialog />
    </div>
  );
});
