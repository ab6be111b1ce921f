import { SystemInitStatus } from '../../../../protocol';

/**
 * The steps of a workspace's start-up as system/initStatus reports them (docs/protocol/system.md "Start-up"), pure.
 * Progress bands: the git repository 0–10, the setup tasks 10–90 (an equal share each), the tasks that run at start
 * 90–100; 100 is ready.
 */
export type StartupStep =
  | { kind: 'starting' }
  | { kind: 'creating-repository' }
  | { kind: 'repository-unusable'; reason: string }
  | { kind: 'setup-running'; index: number; count: number; name: string; stdout?: string }
  | { kind: 'setup-succeeded'; index: number; count: number; name: string; stdout?: string }
  | { kind: 'setup-failed'; index: number; count: number; name: string; exitCode: number | undefined; stdout?: string }
  | { kind: 'setup-stopped' }
  | { kind: 'tasks-starting'; names: readonly string[] }
  | { kind: 'ready' };

export const GIT_DONE_PROGRESS = 10;
export const SETUP_DONE_PROGRESS = 90;
export const READY_PROGRESS = 100;
/** The stdout of a setup step is its last this many characters of output. */
export const STDOUT_TAIL_CHARS = 8_192;

/** Where setup step `index` of `count` starts in the progress (its end is where step index + 1 starts). */
export function setupStepProgress(index: number, count: number): number {
  if (count <= 0) return SETUP_DONE_PROGRESS;
  const share = (SETUP_DONE_PROGRESS - GIT_DONE_PROGRESS) / count;
  return Math.round(GIT_DONE_PROGRESS + share * Math.min(Math.max(index, 0), count));
}

/** The notification for one step (before monotonic()). */
export function initStatusOf(step: StartupStep): SystemInitStatus {
  switch (step.kind) {
    case 'starting':
      return { message: 'Starting the workspace', progress: 0, nextProgress: GIT_DONE_PROGRESS };
    case 'creating-repository':
      return { message: 'Creating the git repository', progress: 0, nextProgress: GIT_DONE_PROGRESS };
    case 'repository-unusable':
      return { message: `The workspace has no git repository: ${step.reason}`, isError: true, progress: GIT_DONE_PROGRESS, nextProgress: GIT_DONE_PROGRESS };
    case 'setup-running':
      return withStdout(
        { message: `Running setup task ${step.index + 1} of ${step.count}: ${step.name}`, progress: setupStepProgress(step.index, step.count), nextProgress: setupStepProgress(step.index + 1, step.count) },
        step.stdout,
      );
    case 'setup-succeeded': {
      const end = setupStepProgress(step.index + 1, step.count);
      return withStdout({ message: `Setup task ${step.index + 1} of ${step.count} finished: ${step.name}`, progress: end, nextProgress: end }, step.stdout);
    }
    case 'setup-failed': {
      const code = step.exitCode === undefined ? '' : ` with exit code ${step.exitCode}`;
      return withStdout(
        {
          message: `Setup task ${step.index + 1} of ${step.count} failed${code}: ${step.name}`,
          isError: true,
          progress: setupStepProgress(step.index, step.count),
          nextProgress: setupStepProgress(step.index + 1, step.count),
        },
        step.stdout,
      );
    }
    case 'setup-stopped':
      return { message: 'The setup was stopped before it finished; tasks that run at start were not started', progress: READY_PROGRESS, nextProgress: READY_PROGRESS };
    case 'tasks-starting': {
      const what = step.names.length === 1 ? 'task that runs' : 'tasks that run';
      return { message: `Starting ${step.names.length} ${what} at start: ${step.names.join(', ')}`, progress: SETUP_DONE_PROGRESS, nextProgress: READY_PROGRESS };
    }
    case 'ready':
      return { message: 'The workspace is ready', progress: READY_PROGRESS, nextProgress: READY_PROGRESS };
  }
}

/** Whether the start-up is over after this step (no later initStatus; none is replayed to clients joining later). */
export function endsStartup(step: StartupStep): boolean {
  return step.kind === 'ready' || step.kind === 'setup-failed' || step.kind === 'setup-stopped';
}

/** Never backwards: progress and nextProgress at least the previous ones, nextProgress at least progress, 0..100. */
export function monotonic(previous: SystemInitStatus | undefined, next: SystemInitStatus): SystemInitStatus {
  const clamp = (n: number) => Math.min(READY_PROGRESS, Math.max(0, n));
  const progress = clamp(Math.max(next.progress, previous?.progress ?? 0));
  const nextProgress = clamp(Math.max(next.nextProgress, previous?.nextProgress ?? 0, progress));
  return { ...next, progress, nextProgress };
}

/** The last STDOUT_TAIL_CHARS characters of a step's output (whole lines where it is cut). */
export function stdoutTail(output: string): string {
  if (output.length <= STDOUT_TAIL_CHARS) return output;
  const cut = output.slice(output.length - STDOUT_TAIL_CHARS);
  const newline = cut.indexOf('\n');
  return newline >= 0 && newline < cut.length - 1 ? cut.slice(newline + 1) : cut;
}

function withStdout(status: SystemInitStatus, stdout: string | undefined): SystemInitStatus {
  return stdout === undefined || stdout === '' ? status : { ...status, stdout: stdoutTail(stdout) };
}
