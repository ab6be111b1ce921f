import { Emitter } from '../../../base/event';
import { PitcherErrorCode, ShellCreateParams, ShellDTO, ShellSize, OpenShellDTO } from '../../../protocol';
import { ShellProcess, SpawnOptions } from '../ports/shell-host.port';
import { ClientSession } from './client-session';
import { HandlerResult, done, fail } from './handler-result';
import { SHELL_FLOW_LIMITS, ShellFlowLimits, ShellOutputFlow } from './shell-output-flow';
import { ShellSession } from './shell-session';
import { COALESCE_WINDOW_MS, OutputCoalescer } from './shell/output-coalescer';
import { SHELL_CAPS, ShellCaps, checkShellCaps } from './shell/shell-caps';
import { UNWATCHED_SHELL_TTL_MS, UnwatchedShellReaper } from './shell/unwatched-shell-reaper';

/** Terminal sizes of spec 002 §9. */
export const TERMINAL_SIZE: ShellSize = { cols: 125, rows: 20 };
export const COMMAND_SIZE: ShellSize = { cols: 128, rows: 40 };
/** A command shell's creator gets output once it renames the shell or after this delay (protocol.md §8.6). */
export const COMMAND_OUTPUT_HOLD_MS = 50;

export interface ShellHubLimits extends ShellFlowLimits, ShellCaps {
  /** An exited shell is removed this long after its exit was sent… */
  exitedShellTtlMs: number;
  /** …or sooner, the oldest first, when more exited shells than this are kept. */
  maxExitedShells: number;
  /** Output that follows other output within this time is joined into one shell/out (0: only within a turn). */
  outputWindowMs: number;
  /** A running shell a client started that no joined client has open for this long is terminated (UnwatchedShellReaper). */
  unwatchedShellTtlMs: number;
}

export const SHELL_HUB_LIMITS: ShellHubLimits = {
  ...SHELL_FLOW_LIMITS,
  ...SHELL_CAPS,
  exitedShellTtlMs: 60_000,
  maxExitedShells: 20,
  outputWindowMs: COALESCE_WINDOW_MS,
  unwatchedShellTtlMs: UNWATCHED_SHELL_TTL_MS,
};

/** The `author` of the shell/terminate of a shell nobody had open (UnwatchedShellReaper). */
export const REAPED_SHELL_AUTHOR = 'bullpen';

export interface ShellExit {
  shellId: string;
  exitCode: number;
  status: ShellDTO['status'];
}

export interface ShellChange {
  shellId: string;
  change: 'started' | 'terminated' | 'restarted';
}

export interface ShellHubEnvironment {
  clients(): Iterable<ClientSession>;
  resolveCwd(path: string | undefined): Promise<string | undefined>;
  newId(): string;
}

/**
 * The shells of one workspace: spawn, stream output to the clients that opened them with back-pressure
 * (ShellOutputFlow), report exits, and forget exited shells after a while so that memory and `shell/list` stay bounded.
 * The shells clients start are capped (per client and per workspace: ShellCaps) and terminated when nobody has had them
 * open for a while (UnwatchedShellReaper); the server's own (tasks, setup steps) are neither.
 */
export class ShellHub {
  private readonly shells = new Map<string, ShellSession>();
  private readonly flows = new Map<string, ShellOutputFlow>();
  /** Exited shells in the order they exited, each with the timer that removes it. */
  private readonly exited = new Map<string, ReturnType<typeof setTimeout>>();
  private counter = 0;
  private readonly held = new Map<string, { session: ClientSession; chunks: string[]; timer: ReturnType<typeof setTimeout> }>();
  private readonly limits: ShellHubLimits;
  private readonly exitEmitter = new Emitter<ShellExit>();
  /** Fires when a shell's process ended (after shell/exit went out); `status` tells a kill from an exit. */
  readonly onDidExit = this.exitEmitter.event;
  private readonly changeEmitter = new Emitter<ShellChange>();
  /** Fires when a shell starts, is terminated or restarts (exits fire onDidExit). */
  readonly onDidChangeShell = this.changeEmitter.event;
  /** Shells the server started for itself (tasks, setup steps): kept after they exit, until forget(). */
  private readonly owned = new Set<string>();
  private readonly reaper: UnwatchedShellReaper;

  constructor(
    /** Starts a pty process (in the workspace's sandbox: ProcessRuntime.spawnPty). */
    private readonly spawn: (options: SpawnOptions) => ShellProcess,
    private readonly env: ShellHubEnvironment,
    limits: Partial<ShellHubLimits> = {},
  ) {
    this.limits = { ...SHELL_HUB_LIMITS, ...limits };
    this.reaper = new UnwatchedShellReaper(
      {
        candidates: () => this.clientShells(),
        isWatched: (shellId) => this.watchers(shellId).length > 0,
        reap: (shellId) => this.kill(shellId, REAPED_SHELL_AUTHOR),
      },
      this.limits.unwatchedShellTtlMs,
    );
  }

  async create(session: ClientSession, params: ShellCreateParams): Promise<HandlerResult<OpenShellDTO>> {
    const capped = checkShellCaps(this.shells.values(), session.clientId, this.limits);
    if (!capped.ok) return capped;
    const cwd = await this.env.resolveCwd(params.cwd);
    if (cwd === undefined) return fail(PitcherErrorCode.INVALID_PATH, `Invalid path: ${params.cwd}`);
    // Asked again after the wait: shells started meanwhile count too.
    const stillRoom = checkShellCaps(this.shells.values(), session.clientId, this.limits);
    if (!stillRoom.ok) return stillRoom;
    const type = params.type ?? 'TERMINAL';
    const size = params.size ?? (params.command ? COMMAND_SIZE : TERMINAL_SIZE);
    let process;
    try {
      process = this.spawn({ cwd, cols: size.cols, rows: size.rows, command: params.command });
    } catch (error) {
      return fail(PitcherErrorCode.SHELL_NOT_ACCESSIBLE, `Could not start the shell: ${(error as Error).message}`);
    }
    const shellId = this.env.newId();
    const name = params.command ? params.command.slice(0, 80) : `Terminal ${++this.counter}`;
    const shell = new ShellSession(shellId, name, type, session.json.username, params.isSystemShell ?? false, process, params.command, cwd, session.clientId);
    shell.size = size;
    this.shells.set(shellId, shell);
    const flow = shell.subscriptions.add(new ShellOutputFlow(shell, () => this.watchers(shellId), this.limits));
    this.flows.set(shellId, flow);
    if (type === 'COMMAND') this.hold(session, shellId);
    else session.openShells.add(shellId);
    this.attach(shell, process);
    for (const client of this.env.clients()) {
      if (client !== session) client.notify('shell/create', shell.toDTO());
    }
    this.changeEmitter.fire({ shellId, change: 'started' });
    return done(shell.toOpenDTO());
  }

  /**
   * Starts a COMMAND shell the server owns (a task or a setup step, spec 002 §9: 128x40) in the workspace root.
   * Every client is told (shell/create) and may open it; it stays after it exits, until forget().
   */
  async startCommand(name: string, command: string, stillWanted: () => boolean = () => true): Promise<HandlerResult<ShellSession>> {
    const cwd = await this.env.resolveCwd(undefined);
    if (cwd === undefined) return fail(PitcherErrorCode.INVALID_PATH, 'The workspace directory is not available');
    // Asked again right before the spawn: a process killed the moment it started may miss the signal.
    if (!stillWanted()) return fail(PitcherErrorCode.SHELL_CLOSED, `${name} was not started: it is no longer wanted`);
    let process: ShellProcess;
    try {
      process = this.spawn({ cwd, cols: COMMAND_SIZE.cols, rows: COMMAND_SIZE.rows, command });
    } catch (error) {
      return fail(PitcherErrorCode.SHELL_NOT_ACCESSIBLE, `Could not start the shell: ${(error as Error).message}`);
    }
    const shellId = this.env.newId();
    const shell = new ShellSession(shellId, name, 'COMMAND', '', false, process, command, cwd);
    shell.size = COMMAND_SIZE;
    this.shells.set(shellId, shell);
    this.owned.add(shellId);
    this.flows.set(shellId, shell.subscriptions.add(new ShellOutputFlow(shell, () => this.watchers(shellId), this.limits)));
    this.attach(shell, process);
    ClientSession.notifyAll([...this.env.clients()], 'shell/create', shell.toDTO());
    this.changeEmitter.fire({ shellId, change: 'started' });
    return done(shell);
  }

  get(shellId: string): ShellSession | undefined {
    return this.shells.get(shellId);
  }

  /** Stops a running shell on the server's behalf (shell/terminate names `author`). */
  kill(shellId: string, author: string): void {
    const shell = this.shells.get(shellId);
    if (!shell || shell.status !== 'RUNNING') return;
    shell.status = 'KILLED';
    shell.process.kill();
    ClientSession.notifyAll([...this.env.clients()], 'shell/terminate', { shellId, author });
    this.changeEmitter.fire({ shellId, change: 'terminated' });
  }

  /** Drops a shell now (a task's shell replaced by a fresh one), killing it first if it still runs. */
  forget(shellId: string): void {
    this.kill(shellId, 'bullpen');
    this.owned.delete(shellId);
    this.prune(shellId);
  }

  /** The running shells with the host pid of their process (its descendants are the workspace's processes). */
  runningProcesses(): Array<{ shellId: string; pid: number }> {
    return [...this.shells.values()].filter((s) => s.status === 'RUNNING').map((s) => ({ shellId: s.shellId, pid: s.process.pid }));
  }

  open(session: ClientSession, shellId: string, size: ShellSize | undefined): HandlerResult<OpenShellDTO> {
    const shell = this.shells.get(shellId);
    if (!shell) return fail(PitcherErrorCode.SHELL_NOT_FOUND, `Shell ${shellId} not found`);
    session.openShells.add(shellId);
    this.reaper.watched(shellId);
    // The answer carries the scroll-back: a watcher that was lagging is in step again.
    this.flows.get(shellId)?.forget(session);
    if (size && shell.status === 'RUNNING' && session.permissions.shell.resize) {
      shell.process.resize(size.cols, size.rows);
      shell.size = size;
    }
    return done(shell.toOpenDTO());
  }

  close(session: ClientSession, shellId: string): HandlerResult<null> {
    session.openShells.delete(shellId);
    this.flows.get(shellId)?.forget(session);
    this.reaper.review();
    return done(null);
  }

  /** A client left (it disconnected, or a newer connection of it replaced this one): its shells are no longer open. */
  clientLeft(session: ClientSession): void {
    for (const shellId of session.openShells) this.flows.get(shellId)?.forget(session);
    this.reaper.review();
  }

  input(shellId: string, input: string): HandlerResult<null> {
    const shell = this.running(shellId);
    if (!shell.ok) return shell;
    shell.value.process.write(input);
    return done(null);
  }

  resize(shellId: string, size: ShellSize): HandlerResult<null> {
    const shell = this.running(shellId);
    if (!shell.ok) return shell;
    shell.value.process.resize(size.cols, size.rows);
    shell.value.size = size;
    return done(null);
  }

  rename(session: ClientSession, shellId: string, name: string): HandlerResult<null> {
    const shell = this.shells.get(shellId);
    if (!shell) return fail(PitcherErrorCode.SHELL_NOT_FOUND, `Shell ${shellId} not found`);
    shell.name = name;
    this.release(shellId);
    for (const client of this.env.clients()) {
      if (client !== session) client.notify('shell/rename', { shell: shell.toDTO() });
    }
    return done(null);
  }

  terminate(session: ClientSession, shellId: string): HandlerResult<ShellDTO> {
    const shell = this.shells.get(shellId);
    if (!shell) return fail(PitcherErrorCode.SHELL_NOT_FOUND, `Shell ${shellId} not found`);
    if (shell.status === 'RUNNING') {
      shell.status = 'KILLED';
      shell.process.kill();
      ClientSession.notifyAll([...this.env.clients()], 'shell/terminate', { shellId, author: session.json.username });
      this.changeEmitter.fire({ shellId, change: 'terminated' });
    }
    return done(shell.toDTO());
  }

  /**
   * shell/restart: stops the process (if it still runs) and starts the same command in the same place under the
   * same shell id; every client gets shell/restart and the scroll-back starts again.
   */
  restart(session: ClientSession, shellId: string): HandlerResult<null> {
    const shell = this.shells.get(shellId);
    if (!shell) return fail(PitcherErrorCode.SHELL_NOT_FOUND, `Shell ${shellId} not found`);
    if (!shell.isRunning && shell.startedBy !== undefined) {
      const capped = checkShellCaps(this.shells.values(), shell.startedBy, this.limits);
      if (!capped.ok) return capped;
    }
    const size = shell.size;
    let process: ShellProcess;
    try {
      process = this.spawn({ cwd: shell.cwd, cols: size.cols, rows: size.rows, command: shell.startCommand });
    } catch (error) {
      return fail(PitcherErrorCode.SHELL_NOT_ACCESSIBLE, `Could not restart the shell: ${(error as Error).message}`);
    }
    const old = shell.process;
    shell.processSubscriptions.dispose();
    if (shell.status === 'RUNNING') old.kill();
    clearTimeout(this.exited.get(shellId));
    this.exited.delete(shellId);
    shell.replaceProcess(process);
    this.attach(shell, process);
    session.openShells.add(shellId);
    this.reaper.watched(shellId);
    ClientSession.notifyAll([...this.env.clients()], 'shell/restart', { shellId });
    this.changeEmitter.fire({ shellId, change: 'restarted' });
    return done(null);
  }


  list(): ShellDTO[] {
    return [...this.shells.values()].map((s) => s.toDTO());
  }

  dispose(): void {
    this.reaper.dispose();
    for (const shell of this.shells.values()) {
      shell.subscriptions.dispose();
      shell.processSubscriptions.dispose();
      if (shell.status === 'RUNNING') shell.process.kill();
    }
    for (const held of this.held.values()) clearTimeout(held.timer);
    for (const timer of this.exited.values()) clearTimeout(timer);
    this.held.clear();
    this.exited.clear();
    this.flows.clear();
    this.shells.clear();
  }

  private attach(shell: ShellSession, process: ShellProcess): void {
    const coalescer = new OutputCoalescer((out) => this.output(shell, out), this.limits.outputWindowMs);
    shell.processSubscriptions.add(coalescer);
    shell.processSubscriptions.add(process.onDidOutput((out) => coalescer.push(out)));
    shell.processSubscriptions.add(
      process.onDidExit(({ exitCode }) => {
        coalescer.flush();
        this.didExit(shell, exitCode);
      }),
    );
  }

  private running(shellId: string): HandlerResult<ShellSession> {
    const shell = this.shells.get(shellId);
    if (!shell) return fail(PitcherErrorCode.SHELL_NOT_FOUND, `Shell ${shellId} not found`);
    if (shell.status !== 'RUNNING') return fail(PitcherErrorCode.SHELL_CLOSED, `Shell ${shellId} is not running`);
    return done(shell);
  }

  /** The running shells clients started (the reaper's candidates). */
  private *clientShells(): Iterable<string> {
    for (const shell of this.shells.values()) if (shell.isRunning && shell.startedBy !== undefined) yield shell.shellId;
  }

  private watchers(shellId: string): ClientSession[] {
    return [...this.env.clients()].filter((client) => client.openShells.has(shellId));
  }

  private output(shell: ShellSession, out: string): void {
    shell.record(out);
    const held = this.held.get(shell.shellId);
    if (held) held.chunks.push(out);
    this.flows.get(shell.shellId)?.deliver(out);
  }

  private didExit(shell: ShellSession, exitCode: number): void {
    this.release(shell.shellId);
    this.reaper.forget(shell.shellId);
    if (shell.status === 'RUNNING') {
      shell.status = exitCode > 0 ? 'ERROR' : 'FINISHED';
      shell.exitCode = exitCode;
    }
    ClientSession.notifyAll([...this.env.clients()], 'shell/exit', { shellId: shell.shellId, shellType: shell.shellType, exitCode });
    this.exitEmitter.fire({ shellId: shell.shellId, exitCode, status: shell.status });
    if (this.owned.has(shell.shellId)) return;
    this.exited.set(shell.shellId, setTimeout(() => this.prune(shell.shellId), this.limits.exitedShellTtlMs));
    for (const oldest of this.exited.keys()) {
      if (this.exited.size <= this.limits.maxExitedShells) break;
      this.prune(oldest);
    }
  }

  /** Forgets an exited shell: `shell/open` and the other requests answer SHELL_NOT_FOUND from now on. */
  private prune(shellId: string): void {
    const shell = this.shells.get(shellId);
    this.reaper.forget(shellId);
    clearTimeout(this.exited.get(shellId));
    this.exited.delete(shellId);
    this.flows.delete(shellId);
    this.shells.delete(shellId);
    shell?.subscriptions.dispose();
    shell?.processSubscriptions.dispose();
    for (const client of this.env.clients()) client.openShells.delete(shellId);
  }

  /** SDK clients subscribe to a command's output only when they rename it: hold it until then. */
  private hold(session: ClientSession, shellId: string): void {
    const timer = setTimeout(() => this.release(shellId), COMMAND_OUTPUT_HOLD_MS);
    this.held.set(shellId, { session, chunks: [], timer });
  }

  private release(shellId: string): void {
    const held = this.held.get(shellId);
    if (!held) return;
    clearTimeout(held.timer);
    this.held.delete(shellId);
    held.session.openShells.add(shellId);
    if (held.session.active) this.reaper.watched(shellId);
    for (const out of held.chunks) held.session.notify('shell/out', { shellId, out });
  }
}

