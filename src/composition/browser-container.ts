import 'reflect-metadata';
import { Container } from 'inversify';
import { EditorStore } from '../application/editor/editor.store';
import { FileTreeStore } from '../application/files/file-tree.store';
import { CollaboratorsPort } from '../application/ports/collaborators.port';
import { DocumentsPort } from '../application/ports/documents.port';
import { FileTreePort } from '../application/ports/file-tree.port';
import { SandboxApiPort } from '../application/ports/sandbox-api.port';
import { ShellsPort } from '../application/ports/shells.port';
import { WorkspaceConnectionPort } from '../application/ports/workspace-connection.port';
import { TerminalStore } from '../application/terminal/terminal.store';
import { NotifyError } from '../application/tokens';
import { CollaboratorsStore } from '../application/workspace/collaborators.store';
import { ConnectionStore } from '../application/workspace/connection.store';
import { NotificationsStore } from '../application/workspace/notifications.store';
import { WorkbenchStore } from '../application/workspace/workbench.store';
import { PitcherClient } from '../adapters/pitcher/pitcher-client';
import { PitcherCollaborators } from '../adapters/pitcher/pitcher-collaborators.adapter';
import { PitcherDocuments } from '../adapters/pitcher/pitcher-documents.adapter';
import { PitcherFileTree } from '../adapters/pitcher/pitcher-file-tree.adapter';
import { PitcherShells } from '../adapters/pitcher/pitcher-shells.adapter';
import { PitcherSocketFactory, reconnectingSocketFactory } from '../adapters/pitcher/pitcher-socket';
import { AxiosSandboxApi } from '../adapters/rest/axios-sandbox-api.adapter';
import { windowFocusSource } from '../adapters/pitcher/focus-source';
import { bindFamilyStores, bindPitcherFamilies, startFamilies } from './workspace-families';

/** Stores: the same in every mode. */
function bindStores(c: Container): void {
  for (const store of [NotificationsStore, ConnectionStore, CollaboratorsStore, FileTreeStore, EditorStore, TerminalStore, WorkbenchStore]) {
    c.bind(store).toSelf().inSingletonScope();
  }
  c.bind<NotifyError>(NotifyError).toDynamicValue((ctx) => {
    const notifications = ctx.container.get(NotificationsStore);
    return (message: string) => notifications.show('error', message);
  });
}

/** Pitcher mode: every workspace port is served by one websocket to the workspace service. */
export function bindPitcherMode(c: Container, socketFactory: PitcherSocketFactory = reconnectingSocketFactory): void {
  const client = new PitcherClient(socketFactory, 'bullpen', windowFocusSource());
  c.bind(PitcherClient).toConstantValue(client);
  c.bind<WorkspaceConnectionPort>(WorkspaceConnectionPort).toConstantValue(client);
  c.bind<CollaboratorsPort>(CollaboratorsPort).toConstantValue(new PitcherCollaborators(client));
  c.bind<FileTreePort>(FileTreePort).toConstantValue(new PitcherFileTree(client));
  c.bind<DocumentsPort>(DocumentsPort).toConstantValue(new PitcherDocuments(client));
  c.bind<ShellsPort>(ShellsPort).toConstantValue(new PitcherShells(client));
  bindPitcherFamilies(c, client);
}

/** The browser's one container (the only browser code that names adapters). */
export function createBrowserContainer(): Container {
  const c = new Container();
  c.bind<SandboxApiPort>(SandboxApiPort).toConstantValue(new AxiosSandboxApi('/api/v1'));
  bindPitcherMode(c);
  bindStores(c);
  bindFamilyStores(c);
  startFamilies(c);
  return c;
}
