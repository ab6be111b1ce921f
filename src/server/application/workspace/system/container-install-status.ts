import {
  DEV_CONTAINER_READY_TEXT,
  ENSURING_DEV_CONTAINER_TEXT,
  HOST_TOOLCHAIN_TEXT,
  INSTALLING_DEV_CONTAINER_TEXT,
  MISSING_TOOLS_EXIT_CODE,
  installProgress,
} from '../../../../domain/container/devcontainer-script';
import { SystemInitStatus } from '../../../../protocol';
import { stdoutTail } from './startup-progress';

/** Spec 002 §8: the text of a dev container that could not be installed. */
export const DEV_CONTAINER_FAILED_TEXT = 'Dev container installation failed';
export const DEV_CONTAINER_STOPPED_TEXT = 'Dev container installation was stopped';

/**
 * The steps of a dev container's installation as system/initStatus reports them (docs/protocol/system.md "container"),
 * pure. Progress: ensuring (writing the file, looking for the tools) 0–10; the Dev Container task 10–100, an equal
 * share per lifecycle command; 100 when it ended.
 */
export type InstallStep =
  | { kind: 'ensuring' }
  | { kind: 'installing'; commands: number; output: string }
  | { kind: 'ready'; output: string }
  | { kind: 'failed'; exitCode: number; missing: readonly string[]; output: string }
  | { kind: 'not-started'; reason: string }
  | { kind: 'stopped'; output: string };

const ENSURED = 10;
const DONE = 100;

/** Where lifecycle command `index` (0-based) of `count` starts in the progress (its end is where index + 1 starts). */
export function commandProgress(index: number, count: number): number {
  if (count <= 0) return ENSURED;
  return Math.round(ENSURED + ((DONE - ENSURED) / count) * Math.min(Math.max(index, 0), count));
}

export function installStatusOf(step: InstallStep): SystemInitStatus {
  switch (step.kind) {
    case 'ensuring':
      return { message: ENSURING_DEV_CONTAINER_TEXT, progress: 0, nextProgress: ENSURED };
    case 'installing': {
      // The command running is the last one the output announced ("Running postCreateCommand (2 of 3): …").
      const started = installProgress(step.output)?.started ?? 0;
      const count = step.commands;
      const status = count === 0
        ? { message: INSTALLING_DEV_CONTAINER_TEXT, progress: ENSURED, nextProgress: DONE }
        : { message: INSTALLING_DEV_CONTAINER_TEXT, progress: commandProgress(started - 1, count), nextProgress: commandProgress(Math.max(started, 1), count) };
      return withStdout(status, step.output);
    }
    case 'ready':
      return withStdout({ message: DEV_CONTAINER_READY_TEXT, progress: DONE, nextProgress: DONE }, step.output);
    case 'failed': {
      const why =
        step.exitCode === MISSING_TOOLS_EXIT_CODE && step.missing.length > 0
          ? `: ${HOST_TOOLCHAIN_TEXT}: install ${step.missing.join(', ')} on the server`
          : ` with exit code ${step.exitCode}`;
      return withStdout({ message: `${DEV_CONTAINER_FAILED_TEXT}${why}`, isError: true, progress: DONE, nextProgress: DONE }, step.output);
    }
    case 'not-started':
      return { message: `${DEV_CONTAINER_FAILED_TEXT}: ${step.reason}`, isError: true, progress: DONE, nextProgress: DONE };
    case 'stopped':
      return withStdout({ message: DEV_CONTAINER_STOPPED_TEXT, progress: DONE, nextProgress: DONE }, step.output);
  }
}

function withStdout(status: SystemInitStatus, output: string): SystemInitStatus {
  return output === '' ? status : { ...status, stdout: stdoutTail(output) };
}
