import { inject, injectable, optional } from 'inversify';
import { action, computed, makeObservable, observable, reaction, runInAction } from 'mobx';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { CONNECTION_LOSS_AUTHOR, checkTerminalName, terminalLostText } from '../../domain/terminal';
import { PortError } from '../ports/port-error';
import { OpenedShell, ShellInfo, ShellsPort, TerminalSize } from '../ports/shells.port';
import { NotifyError } from '../tokens';
import { AccessStore } from '../workspace/access.store';
import { ResyncParticipant } from '../workspace/resync-participant';
import { TERMINAL_FLOW_LIMITS, TerminalFlowLimits } from './terminal-output-flow';
import { TerminalKind, TerminalSession } from './terminal-session';

/** Spec 002 §2: what a user without shell create permission sees instead of a terminal. */
export const READONLY_TERMINAL_TEXT = 'This terminal is readonly, fork this devbox/branch to create new terminals.';
/** Shown once per lost connection when typed input could not be sent (it is never replayed later). */
export const NOT_CONNECTED_TERMINAL_TEXT = '[Not connected: input was not sent]';
/** Injectable flow-control marks of the terminal views (tests use small ones). */
export const TerminalFlowLimitsToken = Symbol('TerminalFlowLimits');
/** Spec 002 §9: created terminals are 125x20 until their view reports its size. */
export const DEFAULT_TERMINAL_SIZE: TerminalSize = { cols: 125, rows: 20 };

export type TerminalsState =
  | { kind: 'idle' }
  | { kind: 'attaching' }
  | { kind: 'ready' }
  /** No running terminal to watch and no permission to create one. */
  | { kind: 'readonly' }
  | { kind: 'failed'; message: string };

/**
 * The terminal panel's tabs: every running terminal of the workspace (they are shared by everyone) plus the command
 * shells the user opened (a task's output), each a TerminalSession keyed by its shell id. Terminals can be created,
 * renamed, restarted, killed and shown two side by side (split). After a reconnect the store is the shells step of
 * the resync (ResyncCoordinator): every tab opens again with its scroll-back, and a terminal the server lost is
 * reported as ended by 'connection loss'. Whether terminals can be created follows this client's current permissions
 * (AccessStore): losing them shows the read-only text, getting them back starts a terminal when none runs.
 */
@injectable()
export class TerminalsStore implements ResyncParticipant {
  readonly family: ResyncFamily = 'shells';
  readonly skipsInitialLoad = true;
  state: TerminalsState = { kind: 'idle' };
  sessions: readonly TerminalSession[] = [];
  activeShellId: string | undefined = undefined;
  /** The terminal shown beside the active one, when the panel is split. */
  splitShellId: string | undefined = undefined;
  /** The tab whose name is being edited. */
  renamingShellId: string | undefined = undefined;
  /** The terminal the user just created, split off or opened: its view takes the keyboard (a new object each time). */
  focusRequest: { readonly shellId: string } | undefined = undefined;
  /** The last terminal that ended while this client watched it without the client ending it. */
  lastTermination: { shellId: string; author: string } | undefined = undefined;
  /** The size new terminals get: the last one a view reported. */
  private size: TerminalSize = DEFAULT_TERMINAL_SIZE;
  private toldNotConnected = false;

  constructor(
    @inject(ShellsPort) private readonly shells: ShellsPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
    @inject(AccessStore) private readonly access: AccessStore,
    @inject(TerminalFlowLimitsToken) @optional() private readonly limits: TerminalFlowLimits = TERMINAL_FLOW_LIMITS,
  ) {
    makeObservable<TerminalsStore, 'setSessions' | 'add'>(this, {
      state: observable.ref,
      sessions: observable.ref,
      activeShellId: observable,
      splitShellId: observable,
      renamingShellId: observable,
      canCreate: computed,
      showsReadonlyText: computed,
      canType: computed,
      lastTermination: observable.ref,
      focusRequest: observable.ref,
      active: computed,
      visible: computed,
      setState: action,
      setSessions: action,
      add: action,
      activate: action,
      activateNext: action,
      startRename: action,
      cancelRename: action,
      closeTab: action,
      unsplit: action,
    });
    reaction(
      () => this.canCreate,
      (canCreate) => this.accessChanged(canCreate),
    );
    shells.onDidOutput(({ shellId, out }) => this.session(shellId)?.output(out));
    shells.onDidExit(({ shellId, exitCode }) => this.session(shellId)?.exited(exitCode));
    shells.onDidTerminate(({ shellId, author }) => this.session(shellId)?.terminated(author));
    shells.onDidRestart(({ shellId }) => this.session(shellId)?.restarted());
    shells.onDidRename((info) => this.session(info.shellId)?.rename(info.name));
    shells.onDidCreate((info) => void this.adopt(info));
  }

  /** Whether this client may create, restart and kill terminals (shell create permission, now). */
  get canCreate(): boolean {
    return this.access.can.createShells;
  }

  /** The panel shows READONLY_TERMINAL_TEXT (spec 002 §6: without shell create permission, a read-only placeholder). */
  /** Whether keys typed in a terminal reach its shell (shell.write); without it terminals can only be watched. */
  get canType(): boolean {
    return this.access.can.typeInShells;
  }

  get showsReadonlyText(): boolean {
    return !this.canCreate && (this.state.kind === 'ready' || this.state.kind === 'readonly');
  }

  get active(): TerminalSession | undefined {
    return this.sessions.find((s) => s.shellId === this.activeShellId);
  }

  /** The sessions on screen: the active one, and the split one beside it. */
  get visible(): TerminalSession[] {
    const split = this.splitShellId === this.activeShellId ? undefined : this.session(this.splitShellId);
    return [this.active, split].filter((s): s is TerminalSession => s !== undefined);
  }

  /** The active tab's shell id (the one keyboard input goes to). */
  get shellId(): string | undefined {
    return this.activeShellId;
  }

  session(shellId: string | undefined): TerminalSession | undefined {
    return shellId === undefined ? undefined : this.sessions.find((s) => s.shellId === shellId);
  }

  /** Opens the workspace's running terminals, or creates one when allowed; a failure is told to the user. */
  async attach(): Promise<void> {
    try {
      await this.attachOrFail();
    } catch (error) {
      this.notifyError((error as Error).message);
    }
  }

  /** After a reconnect: every tab opens again (the shells step of the resync reports a failure). */
  resync(): Promise<void> {
    return this.attachOrFail();
  }

  /** A new terminal, shown at once (at `size`, else the size views last reported). */
  async create(size: TerminalSize = this.size): Promise<void> {
    try {
      const shell = await this.shells.create(size);
      this.add(shell, 'terminal', true);
      this.requestFocus(shell.shellId);
    } catch (error) {
      this.notifyError(`Could not create a terminal: ${(error as Error).message}`);
    }
  }

  /** Shows a shell in a tab (a task's or a setup step's command shell), opening it when it is not watched yet. */
  async openShell(shellId: string): Promise<void> {
    if (this.session(shellId)) {
      this.activate(shellId);
      return this.requestFocus(shellId);
    }
    try {
      const shell = await this.shells.open(shellId);
      this.add(shell, shell.isTerminal ? 'terminal' : 'command', true);
      this.requestFocus(shellId);
    } catch (error) {
      this.notifyError(`Could not open the output: ${(error as Error).message}`);
    }
  }

  activate(shellId: string): void {
    if (!this.session(shellId)) return;
    if (this.splitShellId === shellId) this.splitShellId = this.activeShellId;
    this.activeShellId = shellId;
  }

  /** The next (or previous) tab, wrapping around. */
  activateNext(step: 1 | -1): void {
    const index = this.sessions.findIndex((s) => s.shellId === this.activeShellId);
    if (this.sessions.length === 0) return;
    const next = this.sessions[(index + step + this.sessions.length) % this.sessions.length];
    this.activate(next.shellId);
  }

  startRename(shellId = this.activeShellId): void {
    if (this.session(shellId)) this.renamingShellId = shellId;
  }

  cancelRename(): void {
    this.renamingShellId = undefined;
  }

  /** Renames a tab (shell/rename); an empty name keeps the old one. */
  async rename(shellId: string, raw: string): Promise<void> {
    this.cancelRename();
    const session = this.session(shellId);
    const checked = checkTerminalName(raw);
    if (!session || !checked.ok || checked.name === session.name) return;
    const before = session.name;
    session.rename(checked.name);
    try {
      await this.shells.rename(shellId, checked.name);
    } catch (error) {
      session.rename(before);
      this.notifyError(`Could not rename the terminal: ${(error as Error).message}`);
    }
  }

  /** Runs the terminal's shell again (shell/restart); one the server no longer has is replaced by a new terminal. */
  async restart(shellId = this.activeShellId): Promise<void> {
    const session = this.session(shellId);
    if (!session) return;
    try {
      await this.shells.restart(session.shellId);
      // The restart notification resets the view; this client may get its answer first.
      if (!session.isRunning) session.restarted();
      this.requestFocus(session.shellId);
    } catch (error) {
      if (error instanceof PortError && error.kind === 'rejected' && !session.isRunning && session.kind === 'terminal') {
        return this.replace(session);
      }
      this.notifyError(`Could not restart the terminal: ${(error as Error).message}`);
    }
  }

  /** Stops the terminal's process (shell/terminate); its tab stays and shows how it ended. */
  async kill(shellId = this.activeShellId): Promise<void> {
    const session = this.session(shellId);
    if (!session || !session.isRunning) return;
    try {
      const info = await this.shells.terminate(session.shellId);
      if (info.status === 'KILLED') session.terminated(session.endedBy ?? 'you');
    } catch (error) {
      this.notifyError(`Could not kill the terminal: ${(error as Error).message}`);
    }
  }

  /** Removes a tab; its shell is no longer watched (a running terminal keeps running for the others). */
  closeTab(shellId = this.activeShellId): void {
    const index = this.sessions.findIndex((s) => s.shellId === shellId);
    if (index < 0) return;
    const rest = this.sessions.filter((s) => s.shellId !== shellId);
    this.sessions = rest;
    if (this.splitShellId === shellId) this.splitShellId = undefined;
    if (this.activeShellId === shellId) {
      this.activeShellId = this.splitShellId ?? rest[Math.min(index, rest.length - 1)]?.shellId;
      if (this.splitShellId === this.activeShellId) this.splitShellId = undefined;
    }
    if (this.renamingShellId === shellId) this.renamingShellId = undefined;
    void this.shells.close(shellId!).catch(() => undefined);
  }

  /** Two terminals side by side: the active one and another (a new one when there is no other); again to unsplit. */
  async split(): Promise<void> {
    if (this.splitShellId !== undefined) return this.unsplit();
    const other = this.sessions.find((s) => s.shellId !== this.activeShellId);
    if (!this.canCreate) {
      if (other) runInAction(() => (this.splitShellId = other.shellId));
      return;
    }
    const first = this.activeShellId;
    // Half the panel's width until its view reports the size, so its first prompt is not wrapped at the full width.
    await this.create({ cols: Math.max(20, Math.floor(this.size.cols / 2) - 1), rows: this.size.rows });
    runInAction(() => {
      const created = this.activeShellId;
      if (first === undefined || created === undefined || created === first) return;
      this.activeShellId = first;
      this.splitShellId = created;
      this.focusRequest = { shellId: created };
    });
  }

  unsplit(): void {
    this.splitShellId = undefined;
  }

  /** Asks the view of a terminal to take the keyboard. */
  requestFocus(shellId: string): void {
    runInAction(() => (this.focusRequest = { shellId }));
  }

  input(shellId: string, data: string): void {
    const session = this.session(shellId);
    if (!session || !session.isRunning || !this.canType) return;
    this.shells.input(shellId, data).catch((error: unknown) => {
      if (!(error instanceof PortError) || error.kind !== 'disconnected' || this.toldNotConnected) return;
      this.toldNotConnected = true;
      session.note(NOT_CONNECTED_TERMINAL_TEXT);
    });
  }

  /** A view's size: the shell is resized, and new terminals start at it. */
  resize(shellId: string, size: TerminalSize): void {
    this.size = size;
    const session = this.session(shellId);
    if (!session) return;
    session.size = size;
    if (session.isRunning) void this.shells.resize(shellId, size).catch(() => undefined);
  }

  setState(state: TerminalsState): void {
    this.state = state;
  }

  private async attachOrFail(): Promise<void> {
    this.setState({ kind: 'attaching' });
    // A (re)join: a new connection, so the next input that cannot be sent is reported again.
    this.toldNotConnected = false;
    try {
      const listed = await this.shells.list();
      const onServer = new Map(listed.map((s) => [s.shellId, s]));
      for (const session of this.sessions) {
        if (onServer.has(session.shellId)) await this.reopen(session);
        else if (session.isRunning) this.lost(session);
      }
      const known = new Set(this.sessions.map((s) => s.shellId));
      for (const shell of listed.filter((s) => s.isTerminal && s.status === 'RUNNING' && !known.has(s.shellId))) {
        this.add(await this.shells.open(shell.shellId, this.size), 'terminal', false);
      }
      if (!this.sessions.some((s) => s.kind === 'terminal' && s.isRunning) && this.canCreate) {
        // Shown at once when the tab on screen ended (with the connection).
        this.add(await this.shells.create(this.size), 'terminal', !this.active?.isRunning);
      }
      runInAction(() => {
        if (!this.session(this.activeShellId)) {
          this.activeShellId = (this.sessions.find((s) => s.kind === 'terminal' && s.isRunning) ?? this.sessions[0])?.shellId;
        }
        if (!this.session(this.splitShellId)) this.splitShellId = undefined;
      });
      this.setState(!this.canCreate && !this.sessions.some((s) => s.isRunning) ? { kind: 'readonly' } : { kind: 'ready' });
    } catch (error) {
      const message = `Could not start a terminal: ${(error as Error).message}`;
      this.setState({ kind: 'failed', message });
      throw new Error(message);
    }
  }

  /**
   * The permissions changed while joined (client/permissions): without create permission a panel with nothing running
   * becomes the read-only placeholder and a rename in progress ends; with it back, the placeholder gets a terminal.
   */
  private accessChanged(canCreate: boolean): void {
    if (canCreate) {
      if (this.state.kind === 'readonly') void this.create();
      return;
    }
    this.cancelRename();
    if (this.state.kind === 'ready' && !this.sessions.some((s) => s.isRunning)) this.setState({ kind: 'readonly' });
  }

  private async reopen(session: TerminalSession): Promise<void> {
    const shell = await this.shells.open(session.shellId, session.kind === 'terminal' ? (session.size ?? this.size) : undefined);
    session.showScrollBack(shell);
  }

  /** A running terminal the server no longer has after a reconnect: it ended with the connection. */
  private lost(session: TerminalSession): void {
    session.terminated(CONNECTION_LOSS_AUTHOR);
    session.note(terminalLostText(CONNECTION_LOSS_AUTHOR));
    runInAction(() => (this.lastTermination = { shellId: session.shellId, author: CONNECTION_LOSS_AUTHOR }));
  }

  /** Another client's new terminal gets a tab here too (terminals are shared); it is opened without resizing it. */
  private async adopt(info: ShellInfo): Promise<void> {
    if (!info.isTerminal || this.session(info.shellId) || this.state.kind !== 'ready') return;
    try {
      const shell = await this.shells.open(info.shellId);
      if (!this.session(info.shellId)) this.add(shell, 'terminal', false);
    } catch {
      // Gone already, or not connected: the next attach lists it again.
    }
  }

  /** A terminal the server forgot (exited a while ago): a new one takes its tab's place. */
  private async replace(session: TerminalSession): Promise<void> {
    try {
      const shell = await this.shells.create(session.size ?? this.size);
      runInAction(() => {
        const created = this.newSession(shell, 'terminal');
        this.sessions = this.sessions.map((s) => (s === session ? created : s));
        if (this.activeShellId === session.shellId) this.activeShellId = created.shellId;
        if (this.splitShellId === session.shellId) this.splitShellId = created.shellId;
      });
    } catch (error) {
      this.notifyError(`Could not restart the terminal: ${(error as Error).message}`);
    }
  }

  private add(shell: OpenedShell, kind: TerminalKind, activate: boolean): TerminalSession {
    const existing = this.session(shell.shellId);
    if (existing) {
      if (activate) this.activate(existing.shellId);
      return existing;
    }
    const session = this.newSession(shell, kind);
    this.setSessions([...this.sessions, session]);
    if (activate || this.activeShellId === undefined) this.activate(session.shellId);
    if (this.state.kind === 'readonly') this.setState({ kind: 'ready' });
    return session;
  }

  private newSession(shell: OpenedShell, kind: TerminalKind): TerminalSession {
    const session = new TerminalSession(shell.shellId, kind, shell, (s) => void this.catchUp(s), this.limits);
    session.showScrollBack(shell);
    return session;
  }

  private setSessions(sessions: readonly TerminalSession[]): void {
    this.sessions = sessions;
  }

  /** A view fell too far behind: its queue was dropped; the shell's scroll-back replaces it. */
  private async catchUp(session: TerminalSession): Promise<void> {
    if (session.catchingUp) return;
    session.catchingUp = true;
    try {
      const shell = await this.shells.open(session.shellId, session.kind === 'terminal' ? session.size : undefined);
      session.catchingUp = false;
      if (this.session(session.shellId) === session) session.showScrollBack(shell);
    } catch {
      // Not connected: the next join opens it again and writes the scroll-back.
    } finally {
      session.catchingUp = false;
    }
  }
}
