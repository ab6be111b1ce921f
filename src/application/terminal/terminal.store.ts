import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { Emitter } from '../../base/event';
import { ShellState, ShellsPort, TerminalSize } from '../ports/shells.port';
import { NotifyError } from '../tokens';

/** Spec 002 §2: what a read-only user sees instead of a terminal. */
export const READONLY_TERMINAL_TEXT = 'This terminal is readonly, fork this devbox/branch to create new terminals.';

export type TerminalState =
  | { kind: 'idle' }
  | { kind: 'attaching' }
  | { kind: 'attached'; shellId: string; status: ShellState }
  | { kind: 'readonly' }
  | { kind: 'failed'; message: string };

/** The workspace terminal shown in the bottom panel: the first running terminal, shared by everyone. */
@injectable()
export class TerminalStore {
  state: TerminalState = { kind: 'idle' };
  private readonly data = new Emitter<string>();
  private readonly reset = new Emitter<void>();
  /** Output to write to the terminal view. */
  readonly onDidOutput = this.data.event;
  /** The view must clear itself (a new shell or a re-attach with its scroll-back follows). */
  readonly onDidReset = this.reset.event;

  constructor(
    @inject(ShellsPort) private readonly shells: ShellsPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    makeObservable(this, { state: observable.ref, setState: action });
    shells.onDidOutput(({ shellId, out }) => {
      if (this.shellId === shellId) this.data.fire(out);
    });
    shells.onDidExit(({ shellId, exitCode }) => {
      if (this.shellId !== shellId) return;
      this.setState({ kind: 'attached', shellId, status: exitCode > 0 ? 'ERROR' : 'FINISHED' });
      this.data.fire(`\r\n[Process exited with code ${exitCode}]\r\n`);
    });
  }

  get shellId(): string | undefined {
    return this.state.kind === 'attached' ? this.state.shellId : undefined;
  }

  /** Opens the first running terminal, or creates one when allowed. */
  async attach(size: TerminalSize, canCreate: boolean): Promise<void> {
    this.setState({ kind: 'attaching' });
    try {
      const running = (await this.shells.list()).find((s) => s.isTerminal && s.status === 'RUNNING');
      if (!running && !canCreate) return this.setState({ kind: 'readonly' });
      const shell = running ? await this.shells.open(running.shellId, size) : await this.shells.create(size);
      this.reset.fire();
      for (const chunk of shell.buffer) this.data.fire(chunk);
      this.setState({ kind: 'attached', shellId: shell.shellId, status: shell.status });
    } catch (error) {
      const message = `Could not start a terminal: ${(error as Error).message}`;
      this.setState({ kind: 'failed', message });
      this.notifyError(message);
    }
  }

  /** A new terminal replacing one that exited. */
  async restart(size: TerminalSize): Promise<void> {
    this.setState({ kind: 'attaching' });
    try {
      const shell = await this.shells.create(size);
      this.reset.fire();
      this.setState({ kind: 'attached', shellId: shell.shellId, status: shell.status });
    } catch (error) {
      this.setState({ kind: 'failed', message: (error as Error).message });
    }
  }

  input(data: string): void {
    const shellId = this.shellId;
    if (shellId && this.state.kind === 'attached' && this.state.status === 'RUNNING') void this.shells.input(shellId, data).catch(() => undefined);
  }

  resize(size: TerminalSize): void {
    const shellId = this.shellId;
    if (shellId) void this.shells.resize(shellId, size).catch(() => undefined);
  }

  setState(state: TerminalState): void {
    this.state = state;
  }
}
