import * as pty from 'node-pty';
import { Emitter } from '../../../base/event';
import { ShellHost, ShellProcess, SpawnOptions } from '../../application/ports/shell-host.port';

/** Real pseudo-terminals through node-pty: a login bash for terminals, bash -c for commands. */
export class NodePtyShellHost implements ShellHost {
  constructor(private readonly shell = process.env.BULLPEN_SHELL || 'bash') {}

  spawn(options: SpawnOptions): ShellProcess {
    const args = options.command ? ['-c', options.command] : ['-l'];
    const env = { ...process.env, TERM: 'xterm-256color', COLORTERM: 'truecolor', BULLPEN: '1' } as Record<string, string>;
    const child = pty.spawn(this.shell, args, { name: 'xterm-256color', cols: options.cols, rows: options.rows, cwd: options.cwd, env });
    const output = new Emitter<string>();
    const exit = new Emitter<{ exitCode: number; signal?: number }>();
    let exited = false;
    child.onData((data) => output.fire(data));
    child.onExit(({ exitCode, signal }) => {
      exited = true;
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
    };
  }
}
