import { WorkspaceContext } from '../workspace-context';
import { runToEnd } from '../run-process';

/** How long a local git command may take, and one that talks to a remote (fetch, push). */
export const GIT_LOCAL_TIMEOUT_MS = 60_000;
export const GIT_NETWORK_TIMEOUT_MS = 120_000;

export interface GitOutcome {
  /** Exit code 0. */
  ok: boolean;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface GitRunOptions {
  timeoutMs?: number;
  /** Written to stdin (which is closed either way). */
  input?: string;
}

/**
 * Runs the git CLI in one workspace: through the workspace's ProcessRuntime (confined when it is), in the workspace
 * root, with every repository owner accepted (`safe.directory=*`: the sandbox's files may belong to another uid),
 * never prompting (GIT_TERMINAL_PROMPT=0, stdin closed), in the C locale (messages are parsed), never looking for a
 * repository above the workspace (GIT_CEILING_DIRECTORIES) and killed after a time-out.
 */
export class GitRunner {
  private root: Promise<string> | undefined;
  /** Running git processes, each with a promise of its end: stop() kills them and waits. */
  private readonly running = new Set<Promise<unknown>>();
  private readonly children = new Set<{ kill(signal?: 'SIGTERM' | 'SIGKILL'): void }>();
  private stopped = false;

  constructor(private readonly ctx: WorkspaceContext) {}

  /** The workspace root's real path (git's working directory). */
  rootDir(): Promise<string> {
    return (this.root ??= this.ctx.files.realDirectory('').then((r) => (r.ok ? r.value : this.ctx.box.rootDir)));
  }

  /** Kills every running git process and resolves once they all ended; later runs fail at once. */
  /** True once stop() was called: every later run answers 'The workspace is shutting down'. */
  get isStopped(): boolean {
    return this.stopped;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const child of this.children) child.kill('SIGKILL');
    await Promise.allSettled([...this.running]);
  }

  async run(args: readonly string[], options: GitRunOptions = {}): Promise<GitOutcome> {
    if (this.stopped) return { ok: false, exitCode: null, stdout: '', stderr: 'The workspace is shutting down', timedOut: false };
    const cwd = await this.rootDir();
    if (this.stopped) return { ok: false, exitCode: null, stdout: '', stderr: 'The workspace is shutting down', timedOut: false };
    const env = {
      GIT_TERMINAL_PROMPT: '0',
      GIT_EDITOR: 'true',
      GIT_MERGE_AUTOEDIT: 'no',
      GIT_CEILING_DIRECTORIES: parentOf(cwd),
      LC_ALL: 'C',
    };
    let child;
    try {
      child = this.ctx.runtime.spawn(this.ctx.box, 'git', ['-c', 'safe.directory=*', '-c', 'color.ui=false', ...args], { cwd, env });
    } catch (error) {
      return { ok: false, exitCode: null, stdout: '', stderr: (error as Error).message, timedOut: false };
    }
    const timeoutMs = options.timeoutMs ?? GIT_LOCAL_TIMEOUT_MS;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const ended = runToEnd(child, options.input);
    this.children.add(child);
    this.running.add(ended);
    const outcome = await ended;
    this.children.delete(child);
    this.running.delete(ended);
    clearTimeout(timer);
    return { ok: outcome.exitCode === 0 && !timedOut, exitCode: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr, timedOut };
  }
}

/**
 * What went wrong, in git's words: its first `fatal:`/`error:` line (else its first line that is not a hint), with
 * the tab-indented file list that may follow it ("…would be overwritten by merge: README.md").
 */
export function gitMessage(outcome: GitOutcome, fallback: string): string {
  if (outcome.timedOut) return `${fallback}: timed out`;
  const lines = `${outcome.stderr}\n${outcome.stdout}`.split('\n').filter((l) => l.trim() !== '');
  let at = lines.findIndex((l) => /^(fatal|error):/.test(l));
  if (at < 0) at = lines.findIndex((l) => !l.startsWith('hint:'));
  if (at < 0) return fallback;
  const reason = lines[at].replace(/^(fatal|error):\s*/, '').trim();
  const listed: string[] = [];
  for (let i = at + 1; i < lines.length && lines[i].startsWith('\t'); i++) listed.push(lines[i].trim());
  return listed.length > 0 ? `${reason} ${listed.join(', ')}` : reason;
}

const parentOf = (dir: string): string => {
  const trimmed = dir.replace(/\/+$/, '');
  const slash = trimmed.lastIndexOf('/');
  return slash <= 0 ? '/' : trimmed.slice(0, slash);
};
