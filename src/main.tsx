import 'reflect-metadata';
import { configure } from 'mobx';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createBrowserContainer } from './composition/browser-container';
import { App } from './ui/app';
import { ContainerProvider } from './ui/di/container-context';
import './ui/styles.css';

configure({ enforceActions: 'always' });

const container = createBrowserContainer();
createRoot(document.getElementById('root')!).render(
  <ContainerProvider container={container}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </ContainerProvider>,
);
