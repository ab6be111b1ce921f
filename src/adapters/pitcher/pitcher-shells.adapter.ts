import { Emitter } from '../../base/event';
import { OpenedShell, ShellInfo, ShellsPort, TerminalSize } from '../../application/ports/shells.port';
import { OpenShellDTO, ShellDTO } from '../../protocol';
import { PitcherClient } from './pitcher-client';

const toInfo = (s: ShellDTO): ShellInfo => ({
  shellId: s.shellId,
  name: s.name,
  status: s.status,
  isTerminal: s.shellType === 'TERMINAL',
  ...(s.exitCode !== undefined && s.exitCode !== null ? { exitCode: s.exitCode } : {}),
});
const toOpened = (s: OpenShellDTO): OpenedShell => ({ ...toInfo(s), buffer: s.buffer ?? [] });

export class PitcherShells implements ShellsPort {
  private readonly output = new Emitter<{ shellId: string; out: string }>();
  private readonly exit = new Emitter<{ shellId: string; exitCode: number }>();
  private readonly created = new Emitter<ShellInfo>();
  private readonly terminated = new Emitter<{ shellId: string; author: string }>();
  private readonly restarted = new Emitter<{ shellId: string }>();
  private readonly renamed = new Emitter<ShellInfo>();
  readonly onDidOutput = this.output.event;
  readonly onDidExit = this.exit.event;
  readonly onDidCreate = this.created.event;
  readonly onDidTerminate = this.terminated.event;
  readonly onDidRestart = this.restarted.event;
  readonly onDidRename = this.renamed.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('shell/out', (p) => this.output.fire(p));
    client.onNotification('shell/exit', (p) => this.exit.fire({ shellId: p.shellId, exitCode: p.exitCode }));
    client.onNotification('shell/create', (p) => this.created.fire(toInfo(p)));
    client.onNotification('shell/terminate', (p) => this.terminated.fire({ shellId: p.shellId, author: p.author }));
    client.onNotification('shell/restart', (p) => this.restarted.fire({ shellId: p.shellId }));
    client.onNotification('shell/rename', (p) => this.renamed.fire(toInfo(p.shell)));
  }

  async list(): Promise<ShellInfo[]> {
    return (await this.client.request('shell/list', {})).shells.map(toInfo);
  }

  async create(size: TerminalSize): Promise<OpenedShell> {
    return toOpened(await this.client.request('shell/create', { size, type: 'TERMINAL' }));
  }

  async open(shellId: string, size?: TerminalSize): Promise<OpenedShell> {
    return toOpened(await this.client.request('shell/open', size ? { shellId, size } : { shellId }));
  }

  async close(shellId: string): Promise<void> {
    await this.client.request('shell/close', { shellId });
  }

  async input(shellId: string, data: string): Promise<void> {
    await this.client.request('shell/in', { shellId, input: data });
  }

  async resize(shellId: string, size: TerminalSize): Promise<void> {
    await this.client.request('shell/resize', { shellId, size });
  }

  async rename(shellId: string, name: string): Promise<void> {
    await this.client.request('shell/rename', { shellId, name });
  }

  async restart(shellId: string): Promise<void> {
    await this.client.request('shell/restart', { shellId });
  }

  async terminate(shellId: string): Promise<ShellInfo> {
    return toInfo(await this.client.request('shell/terminate', { shellId }));
  }
}
