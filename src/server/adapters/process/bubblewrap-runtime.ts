import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PipedProcess, PipedSpawnOptions, ProcessRuntime, WorkspaceBox } from '../../application/ports/process-runtime.port';
import { ShellHost, ShellProcess, SpawnOptions } from '../../application/ports/shell-host.port';
import { RootEntry, bwrapArguments, groupFile, hostsFile, passwdFile, sandboxEnvironment, sandboxHostname } from './bwrap-arguments';
import { startPiped } from './direct-runtime';
import { failedProcess } from './failed-process';
import { LoginShell, defaultLoginShell } from './login-shell';
import { seedZshrc } from './zsh-startup';
import { LimitLease, WorkspaceLimiter } from './resource-limits';
import { NetworkJoin, launchCommand } from './sandbox-launcher';
import { WorkspaceNetworks } from './workspace-networks';

export interface BubblewrapRuntimeOptions {
  /** Absolute path of bwrap. */
  bwrap: string;
  limiter: WorkspaceLimiter;
  rootEntries: readonly RootEntry[];
  /** Where each sandbox's generated passwd and group files live (`<dir>/<sandbox id>/`), outside every sandbox. */
  etcDir: string;
  /** Host paths every sandbox sees read-only (node's install outside /usr, Bullpen's node_modules). */
  readOnly: readonly string[];
  /** Directories put before the system PATH (node's bin directory outside /usr). */
  pathBefore: readonly string[];
  /** Each workspace's own network namespace (ADR 0013); without it, processes share the server's network. */
  networks?: WorkspaceNetworks;
  /** The terminals' login shell, at a path inside /usr or /bin (default: BULLPEN_SHELL, else zsh, bash or sh). */
  loginShell?: LoginShell;
}

/**
 * Runs every workspace process inside bubblewrap (ADR 0010): only the workspace and its home directory are
 * visible and writable (at their host paths), with its own pid namespace, as an unprivileged user without
 * capabilities, its environment built from nothing, held to the workspace's resource limits.
 */
export class BubblewrapRuntime implements ProcessRuntime {
  readonly isolated = true;

  private readonly loginShell: LoginShell;

  constructor(
    private readonly ptys: ShellHost,
    private readonly options: BubblewrapRuntimeOptions,
  ) {
    this.loginShell = options.loginShell ?? defaultLoginShell();
  }

  /** Files of /etc each sandbox gets its own of (generated into `<etcDir>/<sandbox id>/`). */
  private get generatedEtc(): readonly string[] {
    return this.options.networks ? [...GENERATED_ETC, 'resolv.conf'] : GENERATED_ETC;
  }

  /** Sandboxes already prepared, with their writable paths (bound at the same path, and at the real path). */
  private readonly prepared = new Map<string, string[]>();

  spawnPty(box: WorkspaceBox, options: SpawnOptions): ShellProcess {
    const command = options.command === undefined ? [this.loginShell.path, '-l'] : ['/bin/bash', '-c', options.command];
    return this.withLease(box, (lease, network) => {
      const launch = launchCommand(this.options.bwrap, this.arguments(box, options.cwd, command, false), lease, network);
      const child = this.ptys.spawn(options, { ...launch, env: this.environment(box, true) });
      child.onDidExit(() => lease.release());
      return child;
    });
  }

  /** A sandbox that cannot be set up (its cgroup, its home) fails like a program that could not start. */
  spawn(box: WorkspaceBox, file: string, args: readonly string[], options: PipedSpawnOptions): PipedProcess {
    try {
      return this.spawnPiped(box, file, args, options);
    } catch (error) {
      return failedProcess(`Could not start ${file} in the workspace sandbox: ${(error as Error).message}`, 127);
    }
  }

  private spawnPiped(box: WorkspaceBox, file: string, args: readonly string[], options: PipedSpawnOptions): PipedProcess {
    return this.withLease(box, (lease, network) => {
      const launch = launchCommand(this.options.bwrap, this.arguments(box, options.cwd, [file, ...args], true), lease, network);
      const child = startPiped(
        (stdout) => spawn(launch.file, launch.args, { cwd: options.cwd, env: this.environment(box, false, options.env), stdio: ['pipe', stdout, 'pipe'] }),
        options.spoolStdout,
      );
      child.onExit(() => lease.release());
      return child;
    });
  }

  /** The process holds its workspace's limits and network while it runs (both released once when it ends). */
  private withLease<T>(box: WorkspaceBox, start: (lease: LimitLease, network: NetworkJoin | undefined) => T): T {
    this.prepare(box);
    const limits = this.options.limiter.enter(box.sandboxId);
    const network = this.options.networks?.enter(box.sandboxId);
    let released = false;
    const lease: LimitLease = {
      ...limits,
      release: () => {
        if (released) return;
        released = true;
        limits.release();
        network?.release();
      },
    };
    try {
      return start(lease, network?.join);
    } catch (error) {
      lease.release();
      throw error;
    }
  }

  private arguments(box: WorkspaceBox, cwd: string, command: readonly string[], newSession: boolean): string[] {
    const etc = this.etcFor(box);
    return bwrapArguments({
      rootEntries: this.options.rootEntries,
      generatedEtc: this.generatedEtc.map((name) => ({ source: path.join(etc, name), target: `/etc/${name}` })),
      readOnly: this.options.readOnly,
      // Other code maps paths one to one: bound at the same path, and at the real path when a symlink leads there.
      writable: this.prepared.get(box.sandboxId) ?? [],
      hostname: sandboxHostname(box.sandboxId),
      cwd,
      newSession,
      command,
    });
  }

  private environment(box: WorkspaceBox, terminal: boolean, extra?: Record<string, string>): Record<string, string> {
    return sandboxEnvironment({ home: box.homeDir, pathBefore: this.options.pathBefore, terminal, shell: this.loginShell.path, extra });
  }

  /**
   * Once per sandbox (not per spawn: git, search and status runs spawn often, and this is synchronous file I/O): the
   * home directory exists (with Bullpen's .zshrc when zsh is the login shell and it has no zsh start-up file), the
   * sandbox's passwd, group and hosts files are written, and the writable paths resolved.
   */
  private prepare(box: WorkspaceBox): void {
    if (this.prepared.has(box.sandboxId)) return;
    mkdirSync(box.homeDir, { recursive: true });
    if (this.loginShell.name === 'zsh') seedQuietly(box.homeDir);
    const etc = this.etcFor(box);
    mkdirSync(etc, { recursive: true });
    writeIfChanged(path.join(etc, 'passwd'), passwdFile(box.homeDir, this.loginShell.path));
    writeIfChanged(path.join(etc, 'group'), groupFile());
    writeIfChanged(path.join(etc, 'hosts'), hostsFile(readOrEmpty('/etc/hosts'), sandboxHostname(box.sandboxId)));
    if (this.options.networks) writeIfChanged(path.join(etc, 'resolv.conf'), this.options.networks.resolvConf(readOrEmpty('/etc/resolv.conf')));
    this.prepared.set(box.sandboxId, unique([box.rootDir, realpath(box.rootDir), box.homeDir, realpath(box.homeDir)]));
  }

  private etcFor(box: WorkspaceBox): string {
    return path.join(this.options.etcDir, box.sandboxId.replace(/[^A-Za-z0-9_-]/g, '_'));
  }
}

/** Files of /etc each sandbox gets its own of (generated into `<etcDir>/<sandbox id>/`). */
const GENERATED_ETC = ['passwd', 'group', 'hosts'];

/** Best effort: a home that cannot take the file still gets its terminal (zsh then asks its new-user questions). */
function seedQuietly(home: string): void {
  try {
    seedZshrc(home);
  } catch {
    /* see above */
  }
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function writeIfChanged(file: string, content: string): void {
  try {
    if (readFileSync(file, 'utf8') === content) return;
  } catch {
    /* written below */
  }
  writeFileSync(file, content, { mode: 0o644 });
}

function realpath(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

const unique = (values: string[]): string[] => [...new Set(values)];
