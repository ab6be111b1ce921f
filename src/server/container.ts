import 'reflect-metadata';
import { Container } from 'inversify';
import { randomBytes, randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { BULLPEN_PITCHER_VERSION } from '../protocol';
import { DocumentJournalFactory } from './application/ports/document-journal.port';
import { SandboxRepository } from './application/ports/sandbox-repository.port';
import { ShellHost } from './application/ports/shell-host.port';
import { ProcessRuntime } from './application/ports/process-runtime.port';
import { RuntimeSelection, selectProcessRuntime } from './adapters/process/runtime-selection';
import { LanguageServers } from './application/ports/language-servers.port';
import { InstalledLanguageServers } from './adapters/lsp/installed-language-servers';
import { ProcessMetrics } from './application/ports/process-metrics.port';
import { LinuxProcessMetrics } from './adapters/proc/linux-process-metrics';
import { ListeningPorts } from './application/ports/listening-ports.port';
import { ProcListeningPorts } from './adapters/proc/proc-listening-ports';
import { ProcListeningSocketsMonitor } from './adapters/proc/listening-sockets-monitor';
import { PreviewHosts } from './application/access/preview-hosts';
import { TokenService } from './application/ports/token-service.port';
import { TreeIdStoreFactory } from './application/ports/tree-id-store.port';
import { WorkspaceFilesFactory } from './application/ports/workspace-files.port';
import { WorkspaceWatcherFactory } from './application/ports/workspace-watcher.port';
import { AccessPolicy } from './application/access/access-policy';
import { isLoopbackHost, requiresAccessSecret } from './application/access/network-access';
import { SandboxService } from './application/sandbox/sandbox-service';
import { BranchRecords } from './application/sandbox/branch-records';
import { BranchRecordStore } from './application/ports/branch-record-store.port';
import { DirectoryBranchRecords } from './adapters/node-fs/directory-branch-records';
import { WorkspaceRegistry } from './application/workspace/workspace-registry';
import { DownloadLinks } from './application/workspace/fs/download-links';
import { AccessSecret, loadAccessSecret } from './adapters/crypto/access-secret';
import { HmacTokenService } from './adapters/crypto/hmac-token-service';
import { DirectorySandboxRepository } from './adapters/node-fs/directory-sandbox-repository';
import { FileDocumentJournal } from './adapters/node-fs/file-document-journal';
import { JsonTreeIdStore } from './adapters/node-fs/json-tree-id-store';
import { NodeWorkspaceFiles } from './adapters/node-fs/node-workspace-files';
import { NodeDirectoryWatcher } from './adapters/node-fs/directory-watcher';
import { NodeGitMetadataWatcher } from './adapters/node-fs/git-metadata-watcher';
import { isBullpenTempName } from './adapters/node-fs/confined-fs';
import { MAX_DISPLAYED_FILE_SIZE } from '../domain/editor/file-size';
import { NodePtyShellHost } from './adapters/pty/node-pty-shell-host';
import { BullpenConfig } from './config';

export const Config = Symbol('Config');
export const NewId = Symbol('NewId');
/** The access secret (ADR 0007), resolved once: BULLPEN_ACCESS_TOKEN, the stored one, or none on loopback. */
export const AccessSecretToken = Symbol('AccessSecret');
export type NewId = () => string;
/** Which runtime runs workspace processes and what to say about it at start (ADR 0010). */
export const ProcessRuntimeSelection = Symbol('ProcessRuntimeSelection');

/** Sandbox ids: 6 lowercase base-36 characters, like the hosted products use. */
export const newSandboxId = (): string =>
  [...randomBytes(6)].map((b) => (b % 36).toString(36)).join('');

/** The server's one container: the only place that names concrete adapters (swap = rebind). */
export function createServerContainer(config: BullpenConfig): Container {
  const c = new Container();
  const dataPath = (...parts: string[]) => path.join(config.dataDir, ...parts);
  c.bind(Config).toConstantValue(config);
  c.bind<NewId>(NewId).toConstantValue(() => randomUUID());
  const accessSecret = loadAccessSecret(config.dataDir, config.accessToken, requiresAccessSecret(config.host, config.accessToken, config.publicUrl));
  c.bind<AccessSecret>(AccessSecretToken).toConstantValue(accessSecret);
  c.bind<TokenService>(TokenService).toConstantValue(HmacTokenService.fromDataDir(config.dataDir, accessSecret.value));
  c.bind<SandboxRepository>(SandboxRepository).toConstantValue(new DirectorySandboxRepository(dataPath('sandboxes')));
  c.bind(AccessPolicy)
    .toDynamicValue((ctx) => new AccessPolicy(ctx.container.get(SandboxRepository), config.anonymousAccess))
    .inSingletonScope();
  c.bind<WorkspaceFilesFactory>(WorkspaceFilesFactory).toConstantValue((root) => new NodeWorkspaceFiles(root));
  c.bind<TreeIdStoreFactory>(TreeIdStoreFactory).toConstantValue((id) => new JsonTreeIdStore(dataPath('sandboxes', id, 'tree-ids.json')));
  c.bind<DocumentJournalFactory>(DocumentJournalFactory).toConstantValue((id) => new FileDocumentJournal(dataPath('sandboxes', id, 'journal')));
  c.bind<ShellHost>(ShellHost).toConstantValue(new NodePtyShellHost());
  c.bind<RuntimeSelection>(ProcessRuntimeSelection)
    .toDynamicValue((ctx) =>
      selectProcessRuntime({
        mode: config.sandbox,
        network: config.sandboxNetwork,
        beyondLoopback: !isLoopbackHost(config.host) || config.publicUrl !== undefined,
        dataDir: config.dataDir,
        limits: { maxProcesses: config.sandboxMaxProcesses, memoryBytes: config.sandboxMemoryBytes },
        ptys: ctx.container.get(ShellHost),
        log: (message) => console.error(`[bullpen] ${message}`),
      }),
    )
    .inSingletonScope();
  c.bind<ProcessRuntime>(ProcessRuntime).toDynamicValue((ctx) => ctx.container.get<RuntimeSelection>(ProcessRuntimeSelection).runtime).inSingletonScope();
  c.bind<ProcessMetrics>(ProcessMetrics).toConstantValue(new LinuxProcessMetrics());
  c.bind<WorkspaceWatcherFactory>(WorkspaceWatcherFactory).toConstantValue((root) => new NodeDirectoryWatcher(root, { isIgnoredName: isBullpenTempName }));
  c.bind<LanguageServers>(LanguageServers).toDynamicValue(() => new InstalledLanguageServers()).inSingletonScope();
  c.bind(DownloadLinks).toDynamicValue((ctx) => new DownloadLinks(ctx.container.get<TokenService>(TokenService), config.publicUrl)).inSingletonScope();
  c.bind(PreviewHosts).toConstantValue(new PreviewHosts(config.host, config.publicUrl, config.port));
  // One poll of the machine's listening sockets serves every workspace; their port look-ups share its latest read.
  // A workspace with a network of its own has it reported by its holder (ADR 0013), cheaper than reading /proc.
  const networks = () => c.get<RuntimeSelection>(ProcessRuntimeSelection).networks;
  const listeningSockets = new ProcListeningSocketsMonitor({ reported: (network) => networks()?.listeningIn(network.key) });
  c.onActivation<RuntimeSelection>(ProcessRuntimeSelection, (_context, selection) => {
    // A holder's report of a change (once, the selection is a singleton) is looked at now, not at the next tick.
    selection.networks?.onDidChangeListening(() => listeningSockets.poke());
    return selection;
  });
  c.bind(ProcListeningSocketsMonitor).toConstantValue(listeningSockets);
  c.bind<ListeningPorts>(ListeningPorts).toConstantValue(new ProcListeningPorts((network) => listeningSockets.sockets(network)));
  c.bind(WorkspaceRegistry)
    .toDynamicValue((ctx) => {
      const get = <T>(token: symbol) => ctx.container.get<T>(token);
      return new WorkspaceRegistry(
        get(SandboxRepository),
        get(WorkspaceFilesFactory),
        get(TreeIdStoreFactory),
        get(DocumentJournalFactory),
        get(ProcessRuntime),
        get(ProcessMetrics),
        get(WorkspaceWatcherFactory),
        { maxTextCharacters: MAX_DISPLAYED_FILE_SIZE, maxBinaryBytes: config.maxBinaryBytes },
        get(NewId),
        (message) => console.error(`[bullpen] ${message}`),
        get(LanguageServers),
        config.searchEngine,
        ctx.container.get(DownloadLinks),
        {
          sockets: get<ListeningPorts>(ListeningPorts),
          changes: ctx.container.get(ProcListeningSocketsMonitor),
          previewUrl: (sandboxId, port) => ctx.container.get(PreviewHosts).url(sandboxId, port),
        },
        (root) => new NodeGitMetadataWatcher(root),
        config.shellLimits,
      );
    })
    .inSingletonScope();
  c.bind<BranchRecordStore>(BranchRecordStore).toConstantValue(new DirectoryBranchRecords(dataPath('sandboxes')));
  c.bind(BranchRecords)
    .toDynamicValue((ctx) => {
      const policy = ctx.container.get(AccessPolicy);
      const get = <T>(token: symbol) => ctx.container.get<T>(token);
      return new BranchRecords(get(SandboxRepository), get(BranchRecordStore), get(WorkspaceFilesFactory), (sandbox) => policy.sandboxAccess(sandbox.anonymousAccess));
    })
    .inSingletonScope();
  c.bind(SandboxService)
    .toDynamicValue(
      (ctx) =>
        new SandboxService(ctx.container.get(SandboxRepository), ctx.container.get(TokenService), newSandboxId, BULLPEN_PITCHER_VERSION, config.pitcherTokenTtlSeconds),
    )
    .inSingletonScope();
  return c;
}
