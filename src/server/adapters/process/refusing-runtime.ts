import { PipedProcess, PipedSpawnOptions, ProcessRuntime, WorkspaceBox } from '../../application/ports/process-runtime.port';
import { ShellProcess, SpawnOptions } from '../../application/ports/shell-host.port';
import { failedProcess } from './failed-process';

/**
 * The runtime when Bullpen listens beyond loopback and no sandbox works (ADR 0010): it starts nothing. A terminal
 * fails with the reason (the client gets SHELL_NOT_ACCESSIBLE); a piped process ends at once with it on stderr.
 */
export class RefusingRuntime implements ProcessRuntime {
  readonly isolated = false;

  constructor(readonly reason: string) {}

  spawnPty(_box: WorkspaceBox, _options: SpawnOptions): ShellProcess {
    throw new Error(this.reason);
  }

  spawn(_box: WorkspaceBox, _file: string, _args: readonly string[], _options: PipedSpawnOptions): PipedProcess {
    return failedProcess(this.reason, 126);
  }
}
