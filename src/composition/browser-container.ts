import 'reflect-metadata';
import { Container } from 'inversify';
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
import { OpenBranchId } from '../application/tokens';
import { WorkspaceMode } from '../application/container/workspace-mode';
import { AccessStore } from '../application/workspace/access.store';
import { CollaboratorsStore } from '../application/workspace/collaborators.store';
import { ConnectionStore } from '../application/workspace/connection.store';
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
import { BootData, BootSandboxApi } from '../adapters/rest/boot-sandbox-api.adapter';
import { windowFocusSource } from '../adapters/pitcher/focus-source';
import { bindSingleton, scopeDisposables } from './scoped-bindings';
import { bindPitcherFamilies } from './workspace-families';

/**
 * The workbench's stores, the same in every mode. The collaborator list, the tree, the open documents and the
 * terminal load on the first join through WorkbenchStore and resync after a reconnect through the ResyncCoordinator.
 * AccessStore holds this client's current permissions, which every write affordance follows. Toasts and the
 * NotifyError/NotifyInfo they serve live in the root container (root-container.ts).
 */
export function bindWorkbenchStores(c: Container): void {
  for (const store of [ConnectionStore, AccessStore, CollaboratorsStore, FileTreeStore, EditorStore, TerminalsStore, WorkbenchStore]) bindSingleton(c, store);
  for (const store of [CollaboratorsStore, TerminalsStore, FileTreeStore, EditorStore]) c.bind<ResyncParticipant>(ResyncParticipant).toService(store);
  // The editor groups' tabs (saved per user); EditorStore keeps the documents behind them.
  bindSingleton(c, EditorGroupsStore);
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

/** Pitcher mode: every workspace port is served by one websocket to the workspace service, closed with the scope. */
export function bindPitcherMode(c: Container, socketFactory: PitcherSocketFactory = reconnectingSocketFactory): void {
  const client = scopeDisposables(c).add(new PitcherClient(socketFactory, 'bullpen', windowFocusSource()));
  c.bind(PitcherClient).toConstantValue(client);
  c.bind<WorkspaceMode>(WorkspaceMode).toConstantValue('pitcher');
  c.bind<WorkspaceConnectionPort>(WorkspaceConnectionPort).toConstantValue(client);
  c.bind<CollaboratorsPort>(CollaboratorsPort).toConstantValue(new PitcherCollaborators(client));
  c.bind<FileTreePort>(FileTreePort).toConstantValue(new PitcherFileTree(client));
  c.bind<DocumentsPort>(DocumentsPort).toConstantValue(new PitcherDocuments(client));
  c.bind<ShellsPort>(ShellsPort).toConstantValue(new PitcherShells(client));
  bindPitcherFamilies(c, client);
}

/** The platform API calls of an open workspace. The first start is answered from the page's boot data (no API round trips before connecting, ADR 0012). */
export function bindWorkspaceApi(c: Container, boot: BootData | undefined): void {
  c.bind<SandboxApiPort>(SandboxApiPort).toConstantValue(new BootSandboxApi(new AxiosSandboxApi('/api/v1'), boot));
  c.bind<BranchRecordsPort>(BranchRecordsPort).toConstantValue(new AxiosBranchRecords('/api/beta'));
  c.bind<PreviewTokenPort>(PreviewTokenPort).toConstantValue(new AxiosPreviewToken('/api/v1'));
  c.bind<PreviewSocketsPort>(PreviewSocketsPort).toConstantValue(new AxiosPreviewSockets('/api/v1'));
}
