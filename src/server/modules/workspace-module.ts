import { ContainerModule } from 'inversify';
import * as path from 'node:path';
import { BULLPEN_PITCHER_VERSION } from '../../protocol';
import { MAX_DISPLAYED_FILE_SIZE } from '../../domain/editor/file-size';
import { AccessPolicy } from '../application/access/access-policy';
import { PreviewHosts } from '../application/access/preview-hosts';
import { BranchRecordStore } from '../application/ports/branch-record-store.port';
import { DocumentJournalFactory } from '../application/ports/document-journal.port';
import { LanguageServers } from '../application/ports/language-servers.port';
import { ListeningPorts } from '../application/ports/listening-ports.port';
import { ProcessMetrics } from '../application/ports/process-metrics.port';
import { ProcessRuntime } from '../application/ports/process-runtime.port';
import { SandboxRepository } from '../application/ports/sandbox-repository.port';
import { TeamRepository } from '../application/ports/team-repository.port';
import { UserRepository } from '../application/ports/user-repository.port';
import { TokenService } from '../application/ports/token-service.port';
import { TreeIdStoreFactory } from '../application/ports/tree-id-store.port';
import { WorkspaceFilesFactory } from '../application/ports/workspace-files.port';
import { WorkspaceStorage } from '../application/ports/workspace-storage.port';
import { WorkspaceWatcherFactory } from '../application/ports/workspace-watcher.port';
import { BranchRecords } from '../application/sandbox/branch-records';
import { SandboxService } from '../application/sandbox/sandbox-service';
import { DownloadLinks } from '../application/workspace/fs/download-links';
import { WorkspaceRegistry } from '../application/workspace/workspace-registry';
import { HmacTokenService } from '../adapters/crypto/hmac-token-service';
import { isBullpenTempName } from '../adapters/node-fs/confined-fs';
import { DirectoryBranchRecords } from '../adapters/node-fs/directory-branch-records';
import { NodeDirectoryWatcher } from '../adapters/node-fs/directory-watcher';
import { DirectoryWorkspaceStorage } from '../adapters/node-fs/directory-workspace-storage';
import { FileDocumentJournal } from '../adapters/node-fs/file-document-journal';
import { NodeGitMetadataWatcher } from '../adapters/node-fs/git-metadata-watcher';
import { JsonTreeIdStore } from '../adapters/node-fs/json-tree-id-store';
import { NodeWorkspaceFiles } from '../adapters/node-fs/node-workspace-files';
import { ProcListeningSocketsMonitor } from '../adapters/proc/listening-sockets-monitor';
import { BullpenConfig } from '../config';
import { newSandboxId } from './sandbox-ids';
import { NewId } from './tokens';

/**
 * Workspaces (the pitcher service): their files on disk, edit journals, tree ids, watchers, the registry that starts
 * them, pitcher tokens, previews and downloads, and the sandbox and branch records' use cases.
 */
export function workspaceModule(config: BullpenConfig, newId: NewId): ContainerModule {
  return new ContainerModule((bind) => {
    const dataPath = (...parts: string[]) => path.join(config.dataDir, ...parts);
    bind<NewId>(NewId).toConstantValue(newId);
    bind<TokenService>(TokenService).toConstantValue(HmacTokenService.fromDataDir(config.dataDir));
    bind<WorkspaceStorage>(WorkspaceStorage).toConstantValue(new DirectoryWorkspaceStorage(dataPath('sandboxes')));
    bind(AccessPolicy)
      .toDynamicValue((ctx) => new AccessPolicy(ctx.container.get(SandboxRepository), ctx.container.get(UserRepository), ctx.container.get(TeamRepository), config.anonymousAccess))
      .inSingletonScope();
    bind<WorkspaceFilesFactory>(WorkspaceFilesFactory).toConstantValue((root) => new NodeWorkspaceFiles(root));
    bind<TreeIdStoreFactory>(TreeIdStoreFactory).toConstantValue((id) => new JsonTreeIdStore(dataPath('sandboxes', id, 'tree-ids.json')));
    bind<DocumentJournalFactory>(DocumentJournalFactory).toConstantValue((id) => new FileDocumentJournal(dataPath('sandboxes', id, 'journal')));
    bind<WorkspaceWatcherFactory>(WorkspaceWatcherFactory).toConstantValue((root) => new NodeDirectoryWatcher(root, { isIgnoredName: isBullpenTempName }));
    bind(DownloadLinks).toDynamicValue((ctx) => new DownloadLinks(ctx.container.get<TokenService>(TokenService), config.publicUrl)).inSingletonScope();
    bind(PreviewHosts).toConstantValue(new PreviewHosts(config.host, config.publicUrl, config.port));
    bind(WorkspaceRegistry)
      .toDynamicValue((ctx) => {
        const get = <T>(token: symbol) => ctx.container.get<T>(token);
        return new WorkspaceRegistry({
          sandboxes: get(SandboxRepository),
          storage: get(WorkspaceStorage),
          filesFactory: get(WorkspaceFilesFactory),
          idStores: get(TreeIdStoreFactory),
          journals: get(DocumentJournalFactory),
          runtime: get(ProcessRuntime),
          metrics: get(ProcessMetrics),
          watchers: get(WorkspaceWatcherFactory),
          limits: { maxTextCharacters: MAX_DISPLAYED_FILE_SIZE, maxBinaryBytes: config.maxBinaryBytes },
          newId: get(NewId),
          log: (message) => console.error(`[bullpen] ${message}`),
          languageServers: get(LanguageServers),
          searchEngine: config.searchEngine,
          downloads: ctx.container.get(DownloadLinks),
          ports: {
            sockets: get<ListeningPorts>(ListeningPorts),
            changes: ctx.container.get(ProcListeningSocketsMonitor),
            previewUrl: (sandboxId, port) => ctx.container.get(PreviewHosts).url(sandboxId, port),
          },
          gitWatchers: (root) => new NodeGitMetadataWatcher(root),
          shellLimits: config.shellLimits,
        });
      })
      .inSingletonScope();
    bind<BranchRecordStore>(BranchRecordStore).toConstantValue(new DirectoryBranchRecords(dataPath('sandboxes')));
    bind(BranchRecords)
      .toDynamicValue((ctx) => {
        const get = <T>(token: symbol) => ctx.container.get<T>(token);
        return new BranchRecords(get(SandboxRepository), get(WorkspaceStorage), get(BranchRecordStore), get(WorkspaceFilesFactory));
      })
      .inSingletonScope();
    bind(SandboxService)
      .toDynamicValue(
        (ctx) =>
          new SandboxService({
            repository: ctx.container.get(SandboxRepository),
            storage: ctx.container.get(WorkspaceStorage),
            tokens: ctx.container.get(TokenService),
            newSandboxId,
            pitcherVersion: BULLPEN_PITCHER_VERSION,
            pitcherTokenTtlSeconds: config.pitcherTokenTtlSeconds,
          }),
      )
      .inSingletonScope();
  });
}
