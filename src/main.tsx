import 'reflect-metadata';
import { configure } from 'mobx';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createBrowserContainer } from './composition/browser-container';
import { EditorStore } from './application/editor/editor.store';
import { LayoutStore } from './application/workbench/layout.store';
import { WorkbenchStore } from './application/workspace/workbench.store';
import { App } from './ui/app';
import { beginEditorPage, sandboxIdOf } from './ui/workbench/begin-editor-page';
import { ContainerProvider } from './ui/di/container-context';
import './ui/styles.css';

configure({ enforceActions: 'always' });

const container = createBrowserContainer();
// The sandbox starts opening now, not in the page's first effect: React renders in a later task, after the browser
// evaluated the editor's chunk, and the connection would wait for both.
const sandboxId = sandboxIdOf(window.location.pathname);
if (sandboxId !== undefined) {
  beginEditorPage({ layout: container.get(LayoutStore), editor: container.get(EditorStore), workbench: container.get(WorkbenchStore) }, sandboxId, window.location.search);
}
createRoot(document.getElementById('root')!).render(
  <ContainerProvider container={container}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </ContainerProvider>,
);
