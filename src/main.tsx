import 'reflect-metadata';
import { configure } from 'mobx';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setUnexpectedErrorHandler } from './base/unexpected-error';
import { createRootContainer } from './composition/root-container';
import { EditorStore } from './application/editor/editor.store';
import { LayoutStore } from './application/workbench/layout.store';
import { WorkbenchStore } from './application/workspace/workbench.store';
import { WorkspaceScopes } from './application/workspace/workspace-scopes';
import { SessionStore } from './application/session/session.store';
import { App } from './ui/app';
import { editorSandboxId } from './ui/routes/route-paths';
import { beginEditorPage } from './ui/workbench/begin-editor-page';
import { ContainerProvider } from './ui/di/container-context';
import './ui/styles.css';

configure({ enforceActions: 'always' });
// A listener that throws is logged; the others still run (src/base/event.ts).
setUnexpectedErrorHandler((error) => console.error('[bullpen] unexpected error', error));

const container = createRootContainer();
// A signed-in cookie or a dev token: the person is loaded now, beside the workspace (spec 000 §4).
container.get(SessionStore).start();
// On an editor route the sandbox starts opening now, not in the page's first effect: React renders in a later task,
// after the browser evaluated the editor's chunk, and the connection would wait for both. The route takes this scope.
const sandboxId = editorSandboxId(window.location.pathname);
if (sandboxId !== undefined) {
  const workspace = container.get(WorkspaceScopes).prepare(sandboxId).container;
  beginEditorPage({ layout: workspace.get(LayoutStore), editor: workspace.get(EditorStore), workbench: workspace.get(WorkbenchStore) }, sandboxId, window.location.search);
}
createRoot(document.getElementById('root')!).render(
  <ContainerProvider container={container}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </ContainerProvider>,
);
