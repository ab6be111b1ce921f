import { Emitter } from '../../base/event';
import { OpenedShell, ShellInfo, ShellsPort, TerminalSize } from '../../application/ports/shells.port';
import { OpenShellDTO, ShellDTO } from '../../protocol';
import { PitcherClient } from './pitcher-client';

const toInfo = (s: ShellDTO): ShellInfo => ({
  shellId: s.shellId,
  name: s.name,
  status: s.status,
  isTerminal: s.shellType === 'TERMINAL',
  ...(s.exitCode !== undefined ? { exitCode: s.exitCode } : {}),
});
const toOpened = (s: OpenShellDTO): OpenedShell => ({ ...toInfo(s), buffer: s.buffer ?? [] });

export class PitcherShells implements ShellsPort {
  private readonly output = new Emitter<{ shellId: string; out: string }>();
  private readonly exit = new Emitter<{ shellId: string; exitCode: number }>();
  readonly onDidOutput = this.output.event;
  readonly onDidExit = this.exit.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('shell/out', (p) => this.output.fire(p));
    client.onNotification('shell/exit', (p) => this.exit.fire({ shellId: p.shellId, exitCode: p.exitCode }));
  }

  async list(): Promise<ShellInfo[]> {
    return (await this.client.request('shell/list', {})).shells.map(toInfo);
  }

  async create(size: TerminalSize): Promise<OpenedShell> {
    return toOpened(await this.client.request('shell/create', { size, type: 'TERMINAL' }));
  }

  async open(shellId: string, size: TerminalSize): Promise<OpenedShell> {
    return toOpened(await this.client.request('shell/open', { shellId, size }));
  }

  async input(shellId: string, data: string): Promise<void> {
    await this.client.request('shell/in', { shellId, input: data });
  }

  async resize(shellId: string, size: TerminalSize): Promise<void> {
    await this.client.request('shell/resize', { shellId, size });
  }
}
