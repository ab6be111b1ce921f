import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { EditorStore } from '../../application/editor/editor.store';
import { ConnectionStore } from '../../application/workspace/connection.store';
import { WorkbenchStore } from '../../application/workspace/workbench.store';
import { useService } from '../di/container-context';
import { EditorArea } from '../editor/editor-area';
import { FileExplorer } from '../explorer/file-explorer';
import { TerminalPanel } from '../terminal/terminal-panel';
import { ErrorScreen } from '../widgets/error-screen';
import { Toasts } from '../widgets/toasts';
import { TopBar } from './top-bar';

/** Spec 001 §4: while disconnected, leaving asks for confirmation. */
const LEAVE_WARNING = 'You are disconnected, are you sure you want to reload. You risk loosing changes';

export const EditorPage = observer(function EditorPage({ sandboxId }: { sandboxId: string }) {
  const workbench = useService(WorkbenchStore);
  const connection = useService(ConnectionStore);
  const editor = useService(EditorStore);

  useEffect(() => {
    document.getElementById('bp-server-loading')?.remove();
    void workbench.open(sandboxId);
  }, [workbench, sandboxId]);

  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      const unsent = editor.tabs.some((t) => !editor.session(t.fileId)?.isSynchronized);
      if (connection.label !== 'Connected' && unsent) {
        e.preventDefault();
        e.returnValue = LEAVE_WARNING;
      }
    };
    // Ctrl/Cmd+S anywhere saves instead of opening the browser's dialog.
    const keydown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void editor.save();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('keydown', keydown);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('keydown', keydown);
    };
  }, [connection, editor]);

  const state = workbench.state;
  const title = state.kind === 'ready' ? state.sandbox.title : 'Loading';
  useEffect(() => {
    if (state.kind !== 'error') document.title = `${title} - Sandbox - Bullpen`;
  }, [title, state.kind]);
  if (state.kind === 'error') return <ErrorScreen title={state.title} description={state.message} />;
  return (
    <div className="bp-workbench">
      <TopBar title={title} />
      <div className="bp-main">
        <FileExplorer />
        <div className="bp-center">
          <EditorArea />
          <TerminalPanel />
        </div>
      </div>
      <Toasts />
    </div>
  );
});
