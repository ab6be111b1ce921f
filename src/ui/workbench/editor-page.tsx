import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { ContainerStore } from '../../application/container/container.store';
import { WindowLabelStore } from '../../application/container/window-label.store';
import { EditorStore } from '../../application/editor/editor.store';
import { LayoutStore } from '../../application/workbench/layout.store';
import { WorkbenchStore } from '../../application/workspace/workbench.store';
import { useService } from '../di/container-context';
import { FollowFrame } from '../presence/follow-frame';
import { DisconnectedBanner } from '../startup/disconnected-banner';
import { StartUpOverlay } from '../startup/start-up-overlay';
import { useBeforeUnload } from '../startup/use-before-unload';
import { OutOfSyncPrompt } from '../sync/out-of-sync-prompt';
import { ErrorScreen } from '../widgets/error-screen';
import { beginEditorPage } from './begin-editor-page';
import { TopBar } from './top-bar';
import { WorkbenchShell } from './workbench-shell';

export const EditorPage = observer(function EditorPage({ sandboxId }: { sandboxId: string }) {
  const workbench = useService(WorkbenchStore);
  const layout = useService(LayoutStore);
  const editor = useService(EditorStore);
  const container = useService(ContainerStore);
  const windowLabel = useService(WindowLabelStore);

  useEffect(() => {
    document.getElementById('bp-server-loading')?.remove();
    layout.applyQuery(window.location.search);
    editor.requestInitialFile(layout.requestedFile);
    void workbench.open(sandboxId);
  }, [workbench, layout, editor, sandboxId]);

  useBeforeUnload(container);

  const state = workbench.state;
  const documentTitle = windowLabel.documentTitle;
  useEffect(() => {
    if (state.kind !== 'error') document.title = documentTitle;
  }, [documentTitle, state.kind]);
  if (state.kind === 'error') return <ErrorScreen title={state.title} description={state.message} />;
  return (
    <div className="bp-workbench">
      <TopBar />
      <DisconnectedBanner />
      <WorkbenchShell />
      <FollowFrame />
      <OutOfSyncPrompt />
      <StartUpOverlay />
    </div>
  );
});
