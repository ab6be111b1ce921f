import { action, makeObservable, observable } from 'mobx';
import { Disposable } from '../../base/lifecycle';
import { TerminalStatus, Transcript, exitedText, statusAfterExit } from '../../domain/terminal';
import { OpenedShell, ShellInfo, TerminalSize } from '../ports/shells.port';
import { TERMINAL_FLOW_LIMITS, TerminalFlowLimits, TerminalOutputFlow, TerminalWriter } from './terminal-output-flow';

/** A terminal the user typed into, or a command's shell (a task or a setup step) opened to watch its output. */
export type TerminalKind = 'terminal' | 'command';

/**
 * One tab of the terminal panel: a shell this client watches, its recent output (so a view mounted later, or a tab
 * shown again, starts with what ran) and the flow control towards its view (xterm.js write callbacks). Output that
 * arrives while no view is bound is kept in the transcript, never lost.
 */
export class TerminalSession {
  name: string;
  status: TerminalStatus;
  exitCode: number | undefined;
  /** Who stopped it (shell/terminate), or 'connection loss'. */
  endedBy: string | undefined = undefined;
  /** The last size its view reported. */
  size: TerminalSize | undefined = undefined;
  /** Re-opening after the view fell behind: live output is dropped until the scroll-back arrives. */
  catchingUp = false;
  private readonly transcript = new Transcript();
  private readonly flow: TerminalOutputFlow;

  constructor(
    readonly shellId: string,
    readonly kind: TerminalKind,
    info: Pick<ShellInfo, 'name' | 'status' | 'exitCode'>,
    overflowed: (session: TerminalSession) => void,
    limits: TerminalFlowLimits = TERMINAL_FLOW_LIMITS,
  ) {
    this.name = info.name;
    this.status = info.status;
    this.exitCode = info.exitCode;
    this.flow = new TerminalOutputFlow(() => overflowed(this), limits);
    makeObservable(this, {
      name: observable,
      status: observable,
      exitCode: observable,
      endedBy: observable,
      rename: action,
      exited: action,
      terminated: action,
      restarted: action,
      showScrollBack: action,
    });
  }

  get isRunning(): boolean {
    return this.status === 'RUNNING';
  }

  /** The characters handed to the view and not yet processed (flow control). */
  get pendingChars(): number {
    return this.flow.pendingChars;
  }

  /** The view: it gets the transcript first, then live output with flow control, until the result is disposed. */
  bind(writer: TerminalWriter): Disposable {
    const binding = this.flow.bind(writer);
    for (const chunk of this.transcript.all) this.flow.write(chunk);
    return binding;
  }

  output(out: string): void {
    if (this.catchingUp) return;
    this.transcript.append(out);
    this.flow.write(out);
  }

  /** A line of the client's own (an exit, a lost connection), kept with the output. */
  note(text: string): void {
    this.output(`\r\n${text}\r\n`);
  }

  /** The view is reset to the shell's scroll-back (an open's answer) and its status taken from the server. */
  showScrollBack(shell: OpenedShell): void {
    this.status = shell.status;
    this.exitCode = shell.exitCode;
    this.transcript.replace(shell.buffer);
    this.flow.reset();
    for (const chunk of shell.buffer) this.flow.write(chunk);
  }

  rename(name: string): void {
    this.name = name;
  }

  exited(exitCode: number): void {
    this.status = statusAfterExit(this.status, exitCode);
    this.exitCode = exitCode;
    this.note(exitedText(exitCode));
  }

  terminated(author: string): void {
    this.status = 'KILLED';
    this.endedBy = author;
  }

  /** Runs again under the same id: the screen and the scroll-back start again. */
  restarted(): void {
    this.status = 'RUNNING';
    this.exitCode = undefined;
    this.endedBy = undefined;
    this.transcript.replace();
    this.flow.reset();
  }
}
