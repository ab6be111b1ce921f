import { ChildProcess, spawn } from 'node:child_process';
import { Emitter } from '../../../base/event';
import { findExecutable } from './bwrap-probe';
import { LoginShell, defaultLoginShell } from './login-shell';
import { OutputSpool } from './output-spool';
import { ensureZshFallbackDir, hasZshStartupFile } from './zsh-startup';
import { signalChild } from './signal-child';
import { PipedProcess, PipedSpawnOptions, ProcessRuntime, WorkspaceBox } from '../../application/ports/process-runtime.port';
import { ShellHost, ShellProcess, SpawnOptions, TERMINAL_VARIABLES } from '../../application/ports/shell-host.port';
import { PREVIEW_PROXY_VARIABLES } from '../../application/workspace/port/preview-proxy-variables';
import { withoutServerSettings } from './server-only-variables';

export interface DirectRuntimeOptions {
  /** `setpriv` (util-linux), when there is one: a spooled program is started through it to die with the server. */
  setpriv?: string | undefined;
  /** The terminals' login shell (default: BULLPEN_SHELL, else zsh, bash or sh). */
  loginShell?: LoginShell;
  /**
   * Where Bullpen may keep its own `.zshrc` for ZDOTDIR: used when the login shell is zsh and the user's home has no
   * zsh start-up file (zsh would open its new-user wizard). Bullpen does not write into the user's real home.
   */
  zshFallbackDir?: string;
  /** The environment terminals inherit (default: the server's). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs workspace processes directly as the server's user: only for a local single-user install (loopback, no
 * bubblewrap), where Bullpen warns once at start (ADR 0010).
 */
export class DirectProcessRuntime implements ProcessRuntime {
  readonly isolated = false;

  private readonly setpriv: string | undefined;
  private readonly loginShell: LoginShell;

  constructor(
    private readonly ptys: ShellHost,
    private readonly options: DirectRuntimeOptions = {},
  ) {
    this.setpriv = 'setpriv' in options ? options.setpriv : findExecutable('setpriv');
    this.loginShell = options.loginShell ?? defaultLoginShell();
  }

  /** A terminal is the login shell in the server user's own environment; a command runs in bash. */
  spawnPty(_box: WorkspaceBox, options: SpawnOptions): ShellProcess {
    if (options.command !== undefined) return this.ptys.spawn(options);
    return this.ptys.spawn(options, { file: this.loginShell.path, args: ['-l'], env: this.terminalEnvironment() });
  }

  /**
   * The server's environment without Bullpen's own settings, with what dev servers read behind the preview proxy; a zsh whose home has no start-up
   * files gets Bullpen's through ZDOTDIR.
   */
  private terminalEnvironment(): Record<string, string> {
    const env = { ...withoutServerSettings(this.options.env ?? process.env), ...TERMINAL_VARIABLES, ...PREVIEW_PROXY_VARIABLES, BULLPEN: '1', SHELL: this.loginShell.path } as Record<string, string>;
    const fallback = this.options.zshFallbackDir;
    const startupDir = env.ZDOTDIR || env.HOME;
    if (this.loginShell.name === 'zsh' && fallback !== undefined && startupDir !== undefined && !hasZshStartupFile(startupDir)) {
      try {
        env.ZDOTDIR = ensureZshFallbackDir(fallback);
      } catch {
        // A data directory that cannot take the file still gets its terminal (zsh then asks its new-user questions).
      }
    }
    return env;
  }

  spawn(box: WorkspaceBox, file: string, args: readonly string[], options: PipedSpawnOptions): PipedProcess {
    const env = { ...withoutServerSettings(process.env), ...PREVIEW_PROXY_VARIABLES, HOME: box.homeDir, ...options.env };
    // A program writing to a pipe ends with EPIPE once the server is gone; one writing to a spool would run on, so it
    // gets SIGKILL when the server dies (in a sandbox, bubblewrap's --die-with-parent does this).
    const [command, commandArgs] = options.spoolStdout && this.setpriv ? [this.setpriv, ['--pdeathsig', 'KILL', '--', file, ...args]] : [file, [...args]];
    return startPiped((stdout) => spawn(command, commandArgs, { cwd: options.cwd, env, stdio: ['pipe', stdout, 'pipe'] }), options.spoolStdout);
  }
}

/** How long the output of a program that exited may still arrive (see pipedProcess). */
const STDIO_GRACE_MS = 1000;

/**
 * Starts a child whose standard output is `stdout` (a pipe, or the descriptor of an OutputSpool in `spoolDirectory`
 * when `spoolStdout`; a pipe still when no spool can be made there) and wraps it as a PipedProcess.
 */
export function startPiped(start: (stdout: 'pipe' | number) => ChildProcess, spoolStdout = false, spoolDirectory?: string): PipedProcess {
  const spool = spoolStdout ? newSpool(spoolDirectory) : undefined;
  if (!spool) return pipedProcess(start('pipe'));
  let child: ChildProcess;
  try {
    child = start(spool.fd);
  } catch (error) {
    spool.close();
    throw error;
  }
  return pipedProcess(child, spool);
}

function newSpool(directory: string | undefined): OutputSpool | undefined {
  try {
    return new OutputSpool(directory);
  } catch {
    return undefined; // a full or read-only temporary directory: the output comes through a pipe as before
  }
}

/** Wraps a child_process child as a PipedProcess (spawn errors become an exit with code 127). */
export function pipedProcess(child: ChildProcess, spool?: OutputSpool): PipedProcess {
  const stdout = new Emitter<Uint8Array>();
  const stderr = new Emitter<Uint8Array>();
  const exit = new Emitter<{ exitCode: number | null; signal: string | null }>();
  let exited = false;
  const report = (exitCode: number | null, signal: string | null) => {
    if (exited) return;
    exited = true;
    exit.fire({ exitCode, signal });
  };
  /** The exit is reported after the last output (a spool is read to its end first). */
  const finish = (exitCode: number | null, signal: string | null) => {
    if (!spool) return report(exitCode, signal);
    void spool.ended.then(() => report(exitCode, signal));
  };
  spool?.start((chunk) => stdout.fire(chunk));
  child.stdout?.on('data', (chunk: Buffer) => stdout.fire(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.fire(chunk));
  child.stdin?.on('error', () => undefined); // EPIPE when the process ended before reading its input
  child.on('error', (error) => {
    stderr.fire(Buffer.from(`${error.message}\n`));
    spool?.close();
    finish(127, null);
  });
  child.on('close', (code, signal) => finish(code, signal));
  // The output ends when every holder of the pipes has closed them; a process the program left behind (an orphaned
  // sandbox init) may hold them for good. Once the program itself exited, its output gets a moment, then the pipes
  // are closed on this side and the exit is reported.
  child.on('exit', (code, signal) => {
    spool?.childExited();
    const timer = setTimeout(() => {
      if (exited) return;
      for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
      finish(code, signal);
    }, STDIO_GRACE_MS);
    timer.unref?.();
  });
  return {
    get pid() {
      return child.pid ?? -1;
    },
    onStdout: stdout.event,
    onStderr: stderr.event,
    onExit: exit.event,
    write: (data) => {
      if (!exited) child.stdin?.write(data);
    },
    end: () => child.stdin?.end(),
    kill: (signal = 'SIGTERM') => {
      if (!exited) signalChild(child, signal);
    },
  };
}
