import 'reflect-metadata';
import { Container, interfaces } from 'inversify';
import { EditorStore } from '../application/editor/editor.store';
import { EditorGroupsStore } from '../application/editor/editor-groups.store';
import { FileTreeStore } from '../application/files/file-tree.store';
import { BranchRecordsPort } from '../application/ports/branch-records.port';
import { CollaboratorsPort } from '../application/ports/collaborators.port';
import { DocumentsPort } from '../application/ports/documents.port';
import { FileTreePort } from '../application/ports/file-tree.port';
import { PreviewSocketsPort } from '../application/ports/preview-sockets.port';
import { PreviewTokenPort } from '../application/ports/preview-token.port';
import { SandboxApiPort } from '../application/ports/sandbox-api.port';
import { ShellsPort } from '../application/ports/shells.port';
import { WorkspaceConnectionPort } from '../application/ports/workspace-connection.port';
import { TerminalsStore } from '../application/terminal/terminals.store';
import { NotifyError, NotifyInfo, OpenBranchId, WindowActive } from '../application/tokens';
import { WorkspaceMode } from '../application/container/workspace-mode';
import { AccessStore } from '../application/workspace/access.store';
import { CollaboratorsStore } from '../application/workspace/collaborators.store';
import { ConnectionStore } from '../application/workspace/connection.store';
import { Notice, NotificationsStore } from '../application/workspace/notifications.store';
import { ResyncParticipant } from '../application/workspace/resync-participant';
import { WorkbenchStore } from '../application/workspace/workbench.store';
import { PitcherClient } from '../adapters/pitcher/pitcher-client';
import { PitcherCollaborators } from '../adapters/pitcher/pitcher-collaborators.adapter';
import { PitcherDocuments } from '../adapters/pitcher/pitcher-documents.adapter';
import { PitcherFileTree } from '../adapters/pitcher/pitcher-file-tree.adapter';
import { PitcherShells } from '../adapters/pitcher/pitcher-shells.adapter';
import { PitcherSocketFactory, reconnectingSocketFactory } from '../adapters/pitcher/pitcher-socket';
import { AxiosBranchRecords } from '../adapters/rest/axios-branch-records.adapter';
import { AxiosPreviewSockets } from '../adapters/rest/axios-preview-sockets.adapter';
import { AxiosPreviewToken } from '../adapters/rest/axios-preview-token.adapter';
import { AxiosSandboxApi } from '../adapters/rest/axios-sandbox-api.adapter';
import { BootSandboxApi, readBootData } from '../adapters/rest/boot-sandbox-api.adapter';
import { pageIsVisible, windowFocusSource } from '../adapters/pitcher/focus-source';
import { bindWorkbench, startWorkbench } from './workbench-bindings';
import { bindFamilyStores, bindPitcherFamilies, startFamilies } from './workspace-families';

/**
 * The workbench's stores, the same in every mode. The collaborator list, the tree, the open documents and the
 * terminal load on the first join through WorkbenchStore and resync after a reconnect through the ResyncCoordinator.
 * AccessStore holds this client's current permissions, which every write affordance follows.
 */
export function bindWorkbenchStores(c: Container): void {
  for (const store of [NotificationsStore, ConnectionStore, AccessStore, CollaboratorsStore, FileTreeStore, EditorStore, TerminalsStore, WorkbenchStore]) {
    c.bind(store).toSelf().inSingletonScope();
  }
  for (const store of [CollaboratorsStore, TerminalsStore, FileTreeStore, EditorStore]) c.bind<ResyncParticipant>(ResyncParticipant).toService(store);
  // The editor groups' tabs (saved per user); EditorStore keeps the documents behind them.
  c.bind(EditorGroupsStore).toSelf().inSingletonScope();
  // Errors and notices from every store are toasts.
  const toast = (variant: Notice['variant']) => (ctx: interfaces.Context) => {
    const notifications = ctx.container.get(NotificationsStore);
    return (message: string) => notifications.show(variant, message);
  };
  c.bind<NotifyError>(NotifyError).toDynamicValue(toast('error'));
  c.bind<NotifyInfo>(NotifyInfo).toDynamicValue(toast('info'));
  // Background work (git autofetch) waits while the page is hidden.
  c.bind<WindowActive>(WindowActive).toConstantValue(pageIsVisible);
  // A Bullpen sandbox is one branch of its repository: its id is the branch record's id.
  // WorkbenchStore is resolved on first call: stores it depends on (EditorStore's groups) read the id too.
  c.bind<OpenBranchId>(OpenBranchId).toDynamicValue((ctx) => {
    let workbench: WorkbenchStore | undefined;
    return () => {
      workbench ??= ctx.container.get(WorkbenchStore);
      return workbench.state.kind === 'ready' ? workbench.state.sandbox.id : undefined;
    };
  });
}

/** Pitcher mode: every workspace port is served by one websocket to the workspace service. */
export function bindPitcherMode(c: Container, socketFactory: PitcherSocketFactory = reconnectingSocketFactory): void {
  const client = new PitcherClient(socketFactory, 'bullpen', windowFocusSource());
  c.bind(PitcherClient).toConstantValue(client);
  c.bind<WorkspaceMode>(WorkspaceMode).toConstantValue('pitcher');
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
  // The first start is answered from the page's boot data (no API round trips before connecting, ADR 0012).
  c.bind<SandboxApiPort>(SandboxApiPort).toConstantValue(new BootSandboxApi(new AxiosSandboxApi('/api/v1'), readBootData()));
  c.bind<BranchRecordsPort>(BranchRecordsPort).toConstantValue(new AxiosBranchRecords('/api/beta'));
  c.bind<PreviewTokenPort>(PreviewTokenPort).toConstantValue(new AxiosPreviewToken('/api/v1'));
  c.bind<PreviewSocketsPort>(PreviewSocketsPort).toConstantValue(new AxiosPreviewSockets('/api/v1'));
  bindPitcherMode(c);
  bindWorkbenchStores(c);
  bindFamilyStores(c);
  bindWorkbench(c);
  startFamilies(c);
  startWorkbench(c);
  return c;
}
