import { inject, injectable, optional } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { Disposable } from '../../base/lifecycle';
import { PortError } from '../ports/port-error';
import { ShellState, ShellsPort, TerminalSize } from '../ports/shells.port';
import { NotifyError } from '../tokens';
import { TERMINAL_FLOW_LIMITS, TerminalFlowLimits, TerminalOutputFlow, TerminalWriter } from './terminal-output-flow';

/** Spec 002 §2: what a read-only user sees instead of a terminal. */
export const READONLY_TERMINAL_TEXT = 'This terminal is readonly, fork this devbox/branch to create new terminals.';
/** Shown once per lost connection when typed input could not be sent (it is never replayed later). */
export const NOT_CONNECTED_TERMINAL_TEXT = '[Not connected: input was not sent]';
/** Injectable flow-control marks of the terminal view (tests use small ones). */
export const TerminalFlowLimitsToken = Symbol('TerminalFlowLimits');

export type TerminalState =
  | { kind: 'idle' }
  | { kind: 'attaching' }
  | { kind: 'attached'; shellId: string; status: ShellState }
  | { kind: 'readonly' }
  | { kind: 'failed'; message: string };

/**
 * The workspace terminal shown in the bottom panel: the first running terminal, shared by everyone. Output reaches
 * the view with flow control (TerminalOutputFlow); when the view falls too far behind, the store drops what is queued
 * and re-opens the shell, whose answer carries the scroll-back.
 */
/** Who ended a terminal the client had, when the server no longer has it after a reconnect (spec 002 §8). */
export const CONNECTION_LOSS_AUTHOR = 'connection loss';
export const terminalLostText = (author: string) => `[Terminal ended: ${author}]`;

@injectable()
export class TerminalStore {
  state: TerminalState = { kind: 'idle' };
  /** The last terminal that ended while this client was attached to it without the client ending it. */
  lastTermination: { shellId: string; author: string } | undefined = undefined;
  private readonly flow: TerminalOutputFlow;
  private size: TerminalSize = { cols: 125, rows: 20 };
  /** Re-opening after the view fell behind: live output is dropped until the scroll-back arrives. */
  private resyncing = false;
  private toldNotConnected = false;

  constructor(
    @inject(ShellsPort) private readonly shells: ShellsPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
    @inject(TerminalFlowLimitsToken) @optional() limits: TerminalFlowLimits = TERMINAL_FLOW_LIMITS,
  ) {
    makeObservable(this, { state: observable.ref, lastTermination: observable.ref, setState: action, setTermination: action });
    this.flow = new TerminalOutputFlow(() => void this.resync(), limits);
    shells.onDidOutput(({ shellId, out }) => {
      if (this.shellId === shellId && !this.resyncing) this.flow.write(out);
    });
    shells.onDidExit(({ shellId, exitCode }) => {
      if (this.shellId !== shellId) return;
      this.setState({ kind: 'attached', shellId, status: exitCode > 0 ? 'ERROR' : 'FINISHED' });
      this.flow.write(`\r\n[Process exited with code ${exitCode}]\r\n`);
    });
  }

  /** The terminal view: output is written to it with flow control until the returned disposable is disposed. */
  bindView(writer: TerminalWriter): Disposable {
    return this.flow.bind(writer);
  }

  get shellId(): string | undefined {
    return this.state.kind === 'attached' ? this.state.shellId : undefined;
  }

  /** Opens the first running terminal, or creates one when allowed. */
  async attach(size: TerminalSize, canCreate: boolean): Promise<void> {
    const previous = this.shellId;
    this.setState({ kind: 'attaching' });
    this.size = size;
    // A (re)join: a new connection, so the next input that cannot be sent is reported again.
    this.toldNotConnected = false;
    try {
      const shells = await this.shells.list();
      // Re-attaching after a resync: a terminal the server no longer has was lost with the connection.
      const lost = previous !== undefined && !shells.some((s) => s.shellId === previous);
      if (lost) this.setTermination({ shellId: previous, author: CONNECTION_LOSS_AUTHOR });
      const running = shells.find((s) => s.isTerminal && s.status === 'RUNNING');
      if (!running && !canCreate) return this.setState({ kind: 'readonly' });
      const shell = running ? await this.shells.open(running.shellId, size) : await this.shells.create(size);
      this.showScrollBack(shell.buffer);
      // Said after the new terminal's scroll-back, so it stays on screen.
      if (lost) this.flow.write(`${terminalLostText(CONNECTION_LOSS_AUTHOR)}\r\n`);
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
      this.size = size;
      const shell = await this.shells.create(size);
      this.flow.reset();
      this.setState({ kind: 'attached', shellId: shell.shellId, status: shell.status });
    } catch (error) {
      this.setState({ kind: 'failed', message: (error as Error).message });
    }
  }

  input(data: string): void {
    const shellId = this.shellId;
    if (!shellId || this.state.kind !== 'attached' || this.state.status !== 'RUNNING') return;
    this.shells.input(shellId, data).catch((error: unknown) => {
      if (!(error instanceof PortError) || error.kind !== 'disconnected' || this.toldNotConnected) return;
      this.toldNotConnected = true;
      this.flow.write(`\r\n${NOT_CONNECTED_TERMINAL_TEXT}\r\n`);
    });
  }

  resize(size: TerminalSize): void {
    this.size = size;
    const shellId = this.shellId;
    if (shellId) void this.shells.resize(shellId, size).catch(() => undefined);
  }

  setState(state: TerminalState): void {
    this.state = state;
  }

  setTermination(termination: { shellId: string; author: string }): void {
    this.lastTermination = termination;
  }

  /** The view fell too far behind: its queue was dropped; the shell's scroll-back replaces it. */
  private async resync(): Promise<void> {
    const shellId = this.shellId;
    if (!shellId || this.resyncing) return;
    this.resyncing = true;
    try {
      const shell = await this.shells.open(shellId, this.size);
      if (this.shellId === shellId) this.showScrollBack(shell.buffer);
    } catch {
      // Not connected: the next join attaches again and writes the scroll-back.
    } finally {
      this.resyncing = false;
    }
  }

  private showScrollBack(buffer: readonly string[]): void {
    this.flow.reset();
    for (const chunk of buffer) this.flow.write(chunk);
  }
}
