import * as pty from 'node-pty';
import { Emitter } from '../../../base/event';
import { PtyProgram, ShellHost, ShellProcess, SpawnOptions, TERMINAL_VARIABLES } from '../../application/ports/shell-host.port';
import { PREVIEW_PROXY_VARIABLES } from '../../application/workspace/port/preview-proxy-variables';

/**
 * While a pty is paused, how often to check that its process still runs. node-pty destroys the pty's socket 200 ms
 * after the process exits unless the socket has reached its end; a paused socket never does, so the last output
 * would be lost. A paused pty whose process has ended is resumed so that output is read first.
 */
export const PAUSED_EXIT_POLL_MS = 50;

/**
 * Real pseudo-terminals through node-pty: the program it is given (the runtime's login shell, or a sandbox launcher),
 * else a login bash, and bash -c for commands.
 */
export class NodePtyShellHost implements ShellHost {
  constructor(private readonly shell = 'bash') {}

  spawn(options: SpawnOptions, program?: PtyProgram): ShellProcess {
    const args = program ? [...program.args] : options.command ? ['-c', options.command] : ['-l'];
    const env = program?.env ?? ({ ...process.env, ...TERMINAL_VARIABLES, ...PREVIEW_PROXY_VARIABLES, BULLPEN: '1' } as Record<string, string>);
    const child = pty.spawn(program?.file ?? this.shell, args, { name: 'xterm-256color', cols: options.cols, rows: options.rows, cwd: options.cwd, env });
    const output = new Emitter<string>();
    const exit = new Emitter<{ exitCode: number; signal?: number }>();
    let exited = false;
    let exitPoll: ReturnType<typeof setInterval> | undefined;
    const resume = () => {
      if (exitPoll === undefined) return;
      clearInterval(exitPoll);
      exitPoll = undefined;
      child.resume();
    };
    child.onData((data) => output.fire(data));
    child.onExit(({ exitCode, signal }) => {
      exited = true;
      resume();
      exit.fire({ exitCode, signal });
    });
    return {
      pid: child.pid,
      onDidOutput: output.event,
      onDidExit: exit.event,
      write: (data) => {
        if (!exited) child.write(data);
      },
      resize: (cols, rows) => {
        if (!exited) child.resize(cols, rows);
      },
      kill: () => {
        if (!exited) child.kill();
      },
      pause: () => {
        if (exited || exitPoll !== undefined) return;
        child.pause();
        exitPoll = setInterval(() => {
          if (!isRunning(child.pid)) resume();
        }, PAUSED_EXIT_POLL_MS);
        exitPoll.unref?.();
      },
      resume,
    };
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
