import { Emitter } from '../../../../src/base/event';
import { PortError } from '../../../../src/application/ports/port-error';
import { OpenedShell, ShellInfo, ShellsPort, TerminalSize } from '../../../../src/application/ports/shells.port';
import { TerminalWriter } from '../../../../src/application/terminal/terminal-output-flow';

/** A workspace's shells as the test wants them: each terminal created gets the next id (s2, s3, …). */
export class FakeShells implements ShellsPort {
  readonly output = new Emitter<{ shellId: string; out: string }>();
  readonly exit = new Emitter<{ shellId: string; exitCode: number }>();
  readonly created = new Emitter<ShellInfo>();
  readonly terminated = new Emitter<{ shellId: string; author: string }>();
  readonly restarted = new Emitter<{ shellId: string }>();
  readonly renamed = new Emitter<ShellInfo>();
  readonly onDidOutput = this.output.event;
  readonly onDidExit = this.exit.event;
  readonly onDidCreate = this.created.event;
  readonly onDidTerminate = this.terminated.event;
  readonly onDidRestart = this.restarted.event;
  readonly onDidRename = this.renamed.event;
  scrollBack = ['scroll', 'back'];
  connected = true;
  readonly opened: Array<{ shellId: string; size?: TerminalSize }> = [];
  readonly sent: string[] = [];
  readonly closed: string[] = [];
  readonly resized: Array<{ shellId: string; size: TerminalSize }> = [];
  /** Resolves the next `open`: the test decides when the answer arrives. */
  private answerOpen: (() => void) | undefined;
  holdOpen = false;
  private next = 2;

  /** What the server lists (a restarted server has lost its terminals). */
  listed: ShellInfo[] = [{ shellId: 's1', name: 'Terminal 1', status: 'RUNNING', isTerminal: true }];
  async list(): Promise<ShellInfo[]> {
    return this.listed;
  }
  async create(): Promise<OpenedShell> {
    this.check();
    const shellId = `s${this.next++}`;
    const info: ShellInfo = { shellId, name: `Terminal ${shellId.slice(1)}`, status: 'RUNNING', isTerminal: true };
    this.listed = [...this.listed, info];
    return { ...info, buffer: [] };
  }
  async open(shellId: string, size?: TerminalSize): Promise<OpenedShell> {
    this.opened.push({ shellId, ...(size ? { size } : {}) });
    if (this.holdOpen) await new Promise<void>((resolve) => (this.answerOpen = resolve));
    const info = this.listed.find((s) => s.shellId === shellId);
    if (!info) throw new PortError('rejected', `Shell ${shellId} not found`, 204);
    return { ...info, buffer: [...this.scrollBack] };
  }
  releaseOpen(): void {
    this.answerOpen?.();
  }
  async close(shellId: string): Promise<void> {
    this.closed.push(shellId);
  }
  async input(shellId: string, data: string): Promise<void> {
    this.check();
    this.sent.push(`${shellId}:${data}`);
  }
  async resize(shellId: string, size: TerminalSize): Promise<void> {
    this.resized.push({ shellId, size });
  }
  async rename(shellId: string, name: string): Promise<void> {
    this.check();
    this.listed = this.listed.map((s) => (s.shellId === shellId ? { ...s, name } : s));
  }
  /** As the server: every client (this one too) is told before the answer. */
  async restart(shellId: string): Promise<void> {
    if (!this.listed.some((s) => s.shellId === shellId)) throw new PortError('rejected', `Shell ${shellId} not found`, 204);
    this.listed = this.listed.map((s) => (s.shellId === shellId ? { ...s, status: 'RUNNING', exitCode: undefined } : s));
    this.restarted.fire({ shellId });
  }
  async terminate(shellId: string): Promise<ShellInfo> {
    this.listed = this.listed.map((s) => (s.shellId === shellId ? { ...s, status: 'KILLED' } : s));
    this.terminated.fire({ shellId, author: 'me' });
    return this.listed.find((s) => s.shellId === shellId)!;
  }
  /** The process of a shell ends (after a kill, or by itself). */
  end(shellId: string, exitCode: number): void {
    this.listed = this.listed.map((s) => (s.shellId === shellId ? { ...s, status: s.status === 'KILLED' ? 'KILLED' : exitCode > 0 ? 'ERROR' : 'FINISHED', exitCode } : s));
    this.exit.fire({ shellId, exitCode });
  }
  private check(): void {
    if (!this.connected) throw new PortError('disconnected', 'Not able to send message in state RECONNECTING');
  }
}

/** An xterm stand-in: records writes and processes them only when the test says so. */
export class FakeWriter implements TerminalWriter {
  readonly written: string[] = [];
  readonly unprocessed: Array<() => void> = [];
  resets = 0;
  write(data: string, done: () => void): void {
    this.written.push(data);
    this.unprocessed.push(done);
  }
  reset(): void {
    this.resets += 1;
    this.written.length = 0;
  }
  processAll(): void {
    while (this.unprocessed.length > 0) this.unprocessed.shift()!();
  }
  get text(): string {
    return this.written.join('');
  }
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
