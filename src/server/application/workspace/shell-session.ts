import { DisposableStore } from '../../../base/lifecycle';
import { OpenShellDTO, ShellDTO, ShellSize, ShellStatus } from '../../../protocol';
import { ShellProcess } from '../ports/shell-host.port';

/** Scroll-back kept per shell for clients that open it later (or reload). */
export const SHELL_BUFFER_LIMIT = 256 * 1024;

/** One terminal or command process and the scroll-back of its output. */
export class ShellSession {
  status: ShellStatus = 'RUNNING';
  exitCode: number | undefined;
  private readonly chunks: string[] = [];
  private bufferedLength = 0;
  readonly subscriptions = new DisposableStore();
  /** Listeners on the current process (replaced on restart). */
  processSubscriptions = new DisposableStore();
  /** The pty's current size (a restart keeps it). */
  size: ShellSize = { cols: 80, rows: 24 };

  constructor(
    readonly shellId: string,
    public name: string,
    readonly shellType: 'TERMINAL' | 'COMMAND',
    readonly ownerUsername: string,
    readonly isSystemShell: boolean,
    public process: ShellProcess,
    readonly startCommand?: string,
    /** Where it was started: a restart runs the same command there again. */
    readonly cwd = '',
    /** The client id of the client that started it; undefined for the server's own shells (tasks, setup steps). */
    readonly startedBy: string | undefined = undefined,
  ) {}

  get isRunning(): boolean {
    return this.status === 'RUNNING';
  }

  /** A restart: the same shell id and name, a new process, the scroll-back cleared. */
  replaceProcess(process: ShellProcess): void {
    this.processSubscriptions = new DisposableStore();
    this.process = process;
    this.status = 'RUNNING';
    this.exitCode = undefined;
    this.chunks.length = 0;
    this.bufferedLength = 0;
  }

  record(out: string): void {
    this.chunks.push(out);
    this.bufferedLength += out.length;
    while (this.bufferedLength > SHELL_BUFFER_LIMIT && this.chunks.length > 1) {
      this.bufferedLength -= this.chunks.shift()!.length;
    }
  }

  /** The scroll-back as one string (at most SHELL_BUFFER_LIMIT characters, or the last chunk when that is longer). */
  scrollBack(): string {
    return this.chunks.join('');
  }

  toDTO(): ShellDTO {
    const base = { shellId: this.shellId, name: this.name, status: this.status, ...(this.exitCode !== undefined ? { exitCode: this.exitCode } : {}) };
    return this.shellType === 'COMMAND'
      ? { ...base, shellType: 'COMMAND', startCommand: this.startCommand ?? '' }
      : { ...base, shellType: 'TERMINAL', ownerUsername: this.ownerUsername, isSystemShell: this.isSystemShell };
  }

  toOpenDTO(): OpenShellDTO {
    return { ...this.toDTO(), buffer: [...this.chunks] };
  }
}
