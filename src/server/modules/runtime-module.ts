import { ContainerModule } from 'inversify';
import { isLoopbackHost } from '../application/access/network-access';
import { LanguageServers } from '../application/ports/language-servers.port';
import { ListeningPorts } from '../application/ports/listening-ports.port';
import { ProcessMetrics } from '../application/ports/process-metrics.port';
import { ProcessRuntime } from '../application/ports/process-runtime.port';
import { ShellHost } from '../application/ports/shell-host.port';
import { InstalledLanguageServers } from '../adapters/lsp/installed-language-servers';
import { LinuxProcessMetrics } from '../adapters/proc/linux-process-metrics';
import { ProcListeningPorts } from '../adapters/proc/proc-listening-ports';
import { ProcListeningSocketsMonitor } from '../adapters/proc/listening-sockets-monitor';
import { RuntimeSelection, selectProcessRuntime } from '../adapters/process/runtime-selection';
import { NodePtyShellHost } from '../adapters/pty/node-pty-shell-host';
import { BullpenConfig } from '../config';
import { ProcessRuntimeSelection } from './tokens';

/**
 * Where workspace processes run (ADR 0010, 0013): this machine's processes, sandboxed by bubblewrap when it works,
 * with pty shells, language servers and the machine's listening sockets. A container runtime would be another module.
 */
export function runtimeModule(config: BullpenConfig): ContainerModule {
  return new ContainerModule((bind, _unbind, _isBound, _rebind, _unbindAsync, onActivation) => {
    bind<ShellHost>(ShellHost).toConstantValue(new NodePtyShellHost());
    bind<RuntimeSelection>(ProcessRuntimeSelection)
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
    bind<ProcessRuntime>(ProcessRuntime).toDynamicValue((ctx) => ctx.container.get<RuntimeSelection>(ProcessRuntimeSelection).runtime).inSingletonScope();
    bind<ProcessMetrics>(ProcessMetrics).toConstantValue(new LinuxProcessMetrics());
    bind<LanguageServers>(LanguageServers).toDynamicValue(() => new InstalledLanguageServers()).inSingletonScope();
    // One poll of the machine's listening sockets serves every workspace; their port look-ups share its latest read.
    // A workspace with a network of its own has it reported by its holder (ADR 0013), cheaper than reading /proc.
    let selection: RuntimeSelection | undefined;
    const listeningSockets = new ProcListeningSocketsMonitor({ reported: (network) => selection?.networks?.listeningIn(network.key) });
    onActivation<RuntimeSelection>(ProcessRuntimeSelection, (_context, selected) => {
      selection = selected;
      // A holder's report of a change (once, the selection is a singleton) is looked at now, not at the next tick.
      selected.networks?.onDidChangeListening(() => listeningSockets.poke());
      return selected;
    });
    bind(ProcListeningSocketsMonitor).toConstantValue(listeningSockets);
    bind<ListeningPorts>(ListeningPorts).toConstantValue(new ProcListeningPorts((network) => listeningSockets.sockets(network)));
  });
}
