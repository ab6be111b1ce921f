import { inject, injectable, optional } from 'inversify';
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { TabLayout, activateTab, nextTab, replaceTab, visibleTabs, withTab, withoutTab } from '../../domain/terminal/tab-layout';
import { OpenedShell, ShellsPort, TerminalSize } from '../ports/shells.port';
import { NotifyError } from '../tokens';
import { AccessStore } from '../workspace/access.store';
import { ResyncParticipant } from '../workspace/resync-participant';
import { TERMINAL_FLOW_LIMITS, TerminalFlowLimits } from './terminal-output-flow';
import { TerminalInput } from './terminal-input';
import { TerminalOpening } from './terminal-opening';
import { followCreatePermission } from './terminal-permissions';
import { ControlledTabs, TerminalProcessControl } from './terminal-process-control';
import { renameTerminal } from './terminal-rename';
import { ResyncedTabs, TerminalResync } from './terminal-resync';
import { TerminalKind, TerminalSession } from './terminal-session';
import { TerminalsState } from './terminals-state';

export { NOT_CONNECTED_TERMINAL_TEXT } from './terminal-input';
export type { TerminalsState } from './terminals-state';

/** Spec 002 §2: what a user without shell create permission sees instead of a terminal. */
export const READONLY_TERMINAL_TEXT = 'This terminal is readonly, fork this devbox/branch to create new terminals.';
/** Injectable flow-control marks of the terminal views (tests use small ones). */
export const TerminalFlowLimitsToken = Symbol('TerminalFlowLimits');
/** Spec 002 §9: created terminals are 125x20 until their view reports its size. */
export const DEFAULT_TERMINAL_SIZE: TerminalSize = { cols: 125, rows: 20 };

/**
 * The terminal panel's tabs: every running terminal of the workspace (they are shared by everyone) plus the command
 * shells the user opened (a task's output), each a TerminalSession keyed by its shell id. Terminals can be created,
 * renamed, restarted, killed and shown two side by side (split). After a reconnect the store is the shells step of
 * the resync (ResyncCoordinator): every tab opens again with its scroll-back, and a terminal the server lost is
 * reported as ended by 'connection loss'. Whether terminals can be created follows this client's current permissions
 * (AccessStore): losing them shows the read-only text, getting them back starts a terminal when none runs.
 * The store holds the panel's observable state; the layout rules are domain/terminal/tab-layout, and the talks with the
 * server are its collaborators here: TerminalOpening, TerminalProcessControl, renameTerminal, TerminalInput,
 * TerminalResync (joining, catching up) and followCreatePermission.
 */
@injectable()
export class TerminalsStore extends DisposableBase implements ResyncParticipant {
  readonly family: ResyncFamily = 'shells';
  readonly skipsInitialLoad = true;
  state: TerminalsState = { kind: 'idle' };
  sessions: readonly TerminalSession[] = [];
  activeShellId: string | undefined = undefined;
  /** The terminal shown beside the active one, when the panel is split. */
  splitShellId: string | undefined = undefined;
  /** The tab whose name is being edited. */
  renamingShellId: string | undefined = undefined;
  /**
   * A terminal whose view should take the keyboard (a new object each time): the one the user just created, split off
   * or opened, or (no shellId) the active one. Pending until a view takes it (`focusTaken`) or the panel closes.
   */
  focusRequest: { readonly shellId?: string } | undefined = undefined;
  /** The terminal whose view has the keyboard, as the views report it. */
  keyboardShellId: string | undefined = undefined;
  /** The last terminal that ended while this client watched it without the client ending it. */
  lastTermination: { shellId: string; author: string } | undefined = undefined;
  /** The size new terminals get: the last one a view reported. */
  private size: TerminalSize = DEFAULT_TERMINAL_SIZE;
  private readonly typing: TerminalInput;
  private readonly sync: TerminalResync;
  private readonly opening: TerminalOpening;
  private readonly control: TerminalProcessControl;

  constructor(
    @inject(ShellsPort) private readonly shells: ShellsPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
    @inject(AccessStore) private readonly access: AccessStore,
    @inject(TerminalFlowLimitsToken) @optional() private readonly limits: TerminalFlowLimits = TERMINAL_FLOW_LIMITS,
  ) {
    super();
    makeObservable<TerminalsStore, 'add'>(this, {
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
      keyboardShellId: observable,
      hasKeyboard: computed,
      keyboardChanged: action,
      focusTaken: action,
      active: computed,
      visible: computed,
      setState: action,
      add: action,
      activate: action,
      activateNext: action,
      startRename: action,
      cancelRename: action,
      closeTab: action,
      unsplit: action,
    });
    // The store's own tab bookkeeping, as its collaborators drive it.
    const tabs: ResyncedTabs & ControlledTabs = {
      size: () => this.size,
      add: (shell, kind, activate) => this.add(shell, kind, activate),
      replace: (session, shell) => runInAction(() => this.show(replaceTab(this.layout, session, this.newSession(shell, 'terminal')))),
      requestFocus: (shellId) => this.requestFocus(shellId),
      ended: (termination) => runInAction(() => (this.lastTermination = termination)),
      layout: () => this.layout,
      show: (layout) => runInAction(() => this.show(layout)),
    };
    this.typing = new TerminalInput(shells);
    this.sync = new TerminalResync(shells, this, tabs);
    this.opening = new TerminalOpening(shells, notifyError, this, tabs);
    this.control = new TerminalProcessControl(shells, notifyError, tabs);
    followCreatePermission(this);
    this.register(shells.onDidOutput(({ shellId, out }) => this.session(shellId)?.output(out)));
    this.register(shells.onDidExit(({ shellId, exitCode }) => this.session(shellId)?.exited(exitCode)));
    this.register(shells.onDidTerminate(({ shellId, author }) => this.session(shellId)?.terminated(author)));
    this.register(shells.onDidRestart(({ shellId }) => this.session(shellId)?.restarted()));
    this.register(shells.onDidRename((info) => this.session(info.shellId)?.rename(info.name)));
    this.register(shells.onDidCreate((info) => void this.opening.adopt(info)));
  }

  /** Whether this client may create, restart and kill terminals (shell create permission, now). */
  get canCreate(): boolean {
    return this.access.can.createShells;
  }

  /** Whether keys typed in a terminal reach its shell (shell.write); without it terminals can only be watched. */
  get canType(): boolean {
    return this.access.can.typeInShells;
  }

  /** The panel shows READONLY_TERMINAL_TEXT (spec 002 §6: without shell create permission, a read-only placeholder). */
  get showsReadonlyText(): boolean {
    return !this.canCreate && (this.state.kind === 'ready' || this.state.kind === 'readonly');
  }

  get active(): TerminalSession | undefined {
    return this.sessions.find((s) => s.shellId === this.activeShellId);
  }

  /** The sessions on screen: the active one, and the split one beside it. */
  get visible(): TerminalSession[] {
    return visibleTabs(this.layout);
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
  create(size: TerminalSize = this.size): Promise<void> {
    return this.opening.create(size);
  }

  /** Shows a shell in a tab (a task's or a setup step's command shell), opening it when it is not watched yet. */
  openShell(shellId: string): Promise<void> {
    return this.opening.open(shellId);
  }

  activate(shellId: string): void {
    this.show(activateTab(this.layout, shellId));
  }

  /** The next (or previous) tab, wrapping around. */
  activateNext(step: 1 | -1): void {
    const next = nextTab(this.layout, step);
    if (next !== undefined) this.activate(next);
  }

  startRename(shellId = this.activeShellId): void {
    if (this.session(shellId)) this.renamingShellId = shellId;
  }

  cancelRename(): void {
    this.renamingShellId = undefined;
  }

  /** Renames a tab (shell/rename); an empty name keeps the old one. */
  rename(shellId: string, raw: string): Promise<void> {
    this.cancelRename();
    const session = this.session(shellId);
    return session ? renameTerminal(this.shells, this.notifyError, session, raw) : Promise.resolve();
  }

  /** Runs the terminal's shell again (shell/restart); one the server no longer has is replaced by a new terminal. */
  restart(shellId = this.activeShellId): Promise<void> {
    const session = this.session(shellId);
    return session ? this.control.restart(session) : Promise.resolve();
  }

  /** Stops the terminal's process (shell/terminate); its tab stays and shows how it ended. */
  kill(shellId = this.activeShellId): Promise<void> {
    const session = this.session(shellId);
    return session?.isRunning ? this.control.kill(session) : Promise.resolve();
  }

  /** Removes a tab; its shell is no longer watched (a running terminal keeps running for the others). */
  closeTab(shellId = this.activeShellId): void {
    if (shellId === undefined || !this.session(shellId)) return;
    this.show(withoutTab(this.layout, shellId));
    if (this.renamingShellId === shellId) this.renamingShellId = undefined;
    void this.shells.close(shellId).catch(() => undefined);
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

  /** Asks the view of a terminal (without shellId: of the active one) to take the keyboard. */
  requestFocus(shellId?: string): void {
    runInAction(() => (this.focusRequest = { shellId }));
  }

  /** A view took the focus request (or the panel closed before one could): it is not repeated. */
  focusTaken(request: TerminalsStore['focusRequest']): void {
    if (this.focusRequest === request) this.focusRequest = undefined;
  }

  /** A terminal's view got or lost the keyboard. */
  keyboardChanged(shellId: string, has: boolean): void {
    if (has) this.keyboardShellId = shellId;
    else if (this.keyboardShellId === shellId) this.keyboardShellId = undefined;
  }

  /** A terminal has the keyboard (Ctrl/Cmd+` then gives it back to the editor). */
  get hasKeyboard(): boolean {
    return this.keyboardShellId !== undefined;
  }

  input(shellId: string, data: string): void {
    const session = this.session(shellId);
    if (session?.isRunning && this.canType) this.typing.send(session, data);
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

  private attachOrFail(): Promise<void> {
    this.setState({ kind: 'attaching' });
    this.typing.reconnected();
    return this.sync.join();
  }

  private add(shell: OpenedShell, kind: TerminalKind, activate: boolean): TerminalSession {
    const existing = this.session(shell.shellId);
    if (existing) {
      if (activate) this.activate(existing.shellId);
      return existing;
    }
    const session = this.newSession(shell, kind);
    this.show(withTab(this.layout, session, activate));
    if (this.state.kind === 'readonly') this.setState({ kind: 'ready' });
    return session;
  }

  private newSession(shell: OpenedShell, kind: TerminalKind): TerminalSession {
    const session = new TerminalSession(shell.shellId, kind, shell, (s) => void this.sync.catchUp(s), this.limits);
    session.showScrollBack(shell);
    return session;
  }

  /** The tabs, the active one and the split one, for the layout rules (domain/terminal/tab-layout). */
  private get layout(): TabLayout<TerminalSession> {
    return { tabs: this.sessions, active: this.activeShellId, split: this.splitShellId };
  }

  /** Puts a layout on screen (within an action). */
  private show({ tabs, active, split }: TabLayout<TerminalSession>): void {
    this.sessions = tabs;
    this.activeShellId = active;
    this.splitShellId = split;
  }
}
