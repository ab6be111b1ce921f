import { Result, err, ok } from '../../base/result';
import { TaskError, taskErrors } from './task.errors';
import { TaskDefinition } from './task-definition';

/** Setup (spec 002 §3 "Setup progress", §4 "Tasks and setup"; protocol.md §3 setup): the setupTasks, run in order. */
export type SetupState = 'IDLE' | 'IN_PROGRESS' | 'FINISHED' | 'STOPPED';
export type SetupStepStatus = 'SUCCEEDED' | 'FAILED' | 'SKIPPED';

export interface SetupStep {
  readonly name: string;
  readonly command: string;
  /** The COMMAND shell of its last run. */
  readonly shellId: string | null;
  readonly finishStatus: SetupStepStatus | null;
}

export interface SetupProgress {
  readonly state: SetupState;
  readonly steps: readonly SetupStep[];
  readonly currentStepIndex: number;
}

export interface Setup {
  readonly progress: SetupProgress;
  /** A disabled setup does not run (setup/disable, setup/enable). */
  readonly enabled: boolean;
}

/** A transition's new setup and what the runner must do: start step `run`, kill shell `stop`. */
export interface SetupTransition {
  readonly setup: Setup;
  readonly run?: number;
  readonly stop?: string;
}

const unchanged = (setup: Setup): SetupTransition => ({ setup });

export function newSetup(definitions: readonly TaskDefinition[], enabled = true): Setup {
  const steps = definitions.map((d) => ({ name: d.name, command: d.command, shellId: null, finishStatus: null }));
  return { enabled, progress: { state: 'IDLE', steps, currentStepIndex: 0 } };
}

/** The configuration changed: new steps start over (IDLE); a setup that is running keeps its steps until it stops. */
export function withSteps(setup: Setup, definitions: readonly TaskDefinition[]): SetupTransition {
  const { steps, state } = setup.progress;
  const same = steps.length === definitions.length && steps.every((s, i) => s.name === definitions[i].name && s.command === definitions[i].command);
  if (same || state === 'IN_PROGRESS') return unchanged(setup);
  return { setup: newSetup(definitions, setup.enabled) };
}

/** setup/init: runs the steps in order from the current one (a failed step runs again). */
export function initSetup(setup: Setup): SetupTransition {
  const { state, currentStepIndex } = setup.progress;
  if (!setup.enabled || state === 'IN_PROGRESS' || state === 'FINISHED') return unchanged(setup);
  const steps = setup.progress.steps.map((s) => (s.finishStatus === 'FAILED' ? { ...s, finishStatus: null } : s));
  return advance({ ...setup, progress: { ...setup.progress, steps } }, currentStepIndex, true);
}

/** The runner started step `index` in shell `shellId`; undefined when the setup moved on meanwhile (kill that shell). */
export function stepStarted(setup: Setup, index: number, shellId: string): Setup | undefined {
  const { state, currentStepIndex, steps } = setup.progress;
  const step = steps[index];
  if (state !== 'IN_PROGRESS' || currentStepIndex !== index || step.shellId !== null || step.finishStatus !== null) return undefined;
  return withStep(setup, index, { ...step, shellId });
}

/** The runner could not start step `index` at all: it failed, and the setup stops. */
export function stepFailedToStart(setup: Setup, index: number): SetupTransition {
  const { state, currentStepIndex, steps } = setup.progress;
  const step = steps[index];
  if (state !== 'IN_PROGRESS' || currentStepIndex !== index || step === undefined || step.shellId !== null) return unchanged(setup);
  return { setup: withState(withStep(setup, index, { ...step, finishStatus: 'FAILED' }), 'STOPPED') };
}

/** A step's shell ended: on success the next step runs, on failure the setup stops (STOPPED). */
export function stepExited(setup: Setup, shellId: string, succeeded: boolean): SetupTransition {
  const { state, currentStepIndex: index, steps } = setup.progress;
  const step = steps[index];
  if (state !== 'IN_PROGRESS' || step === undefined || step.shellId !== shellId) return unchanged(setup);
  if (!succeeded) return { setup: withState(withStep(setup, index, { ...step, finishStatus: 'FAILED' }), 'STOPPED') };
  return advance(withStep(setup, index, { ...step, finishStatus: 'SUCCEEDED' }), index, true);
}

/** setup/skip: the step will not run (a running one is stopped, and the next one starts). */
export function skipStep(setup: Setup, index: number): Result<SetupTransition, TaskError> {
  const { state, currentStepIndex, steps } = setup.progress;
  const step = steps[index];
  if (step === undefined) return err(taskErrors.stepNotFound(index, steps.length));
  if (step.finishStatus === 'SUCCEEDED' || step.finishStatus === 'SKIPPED') return ok(unchanged(setup));
  const skipped = withStep(setup, index, { ...step, finishStatus: 'SKIPPED' });
  if (index !== currentStepIndex) return ok({ setup: skipped });
  const running = state === 'IN_PROGRESS';
  const next = advance(skipped, index, setup.enabled && (running || state === 'STOPPED'));
  return ok(running && step.shellId !== null ? { ...next, stop: step.shellId } : next);
}

/** setup/skipAll: stops the running step and marks every step that did not succeed as skipped: FINISHED. */
export function skipAllSteps(setup: Setup): SetupTransition {
  const { state, currentStepIndex, steps } = setup.progress;
  const running = state === 'IN_PROGRESS' ? steps[currentStepIndex]?.shellId ?? undefined : undefined;
  const skipped = steps.map((s) => (s.finishStatus === 'SUCCEEDED' || s.finishStatus === 'SKIPPED' ? s : { ...s, finishStatus: 'SKIPPED' as const }));
  const progress: SetupProgress = { state: 'FINISHED', steps: skipped, currentStepIndex: lastIndex(steps) };
  return { setup: { ...setup, progress }, ...(running ? { stop: running } : {}) };
}

/** setup/setStep: runs again from step `index` (the running step is stopped; that step and the later ones start over). */
export function setStep(setup: Setup, index: number): Result<SetupTransition, TaskError> {
  const { state, currentStepIndex, steps } = setup.progress;
  if (steps[index] === undefined) return err(taskErrors.stepNotFound(index, steps.length));
  const running = state === 'IN_PROGRESS' ? steps[currentStepIndex]?.shellId ?? undefined : undefined;
  const reset = steps.map((s, i) => (i >= index ? { ...s, shellId: null, finishStatus: null } : s));
  const progress: SetupProgress = { state: setup.enabled ? 'IN_PROGRESS' : 'IDLE', steps: reset, currentStepIndex: index };
  return ok({ setup: { ...setup, progress }, ...(setup.enabled ? { run: index } : {}), ...(running ? { stop: running } : {}) });
}

/** setup/disable: no step runs any more until setup/enable; a running step is stopped (STOPPED). */
export function disableSetup(setup: Setup): SetupTransition {
  const { state, currentStepIndex, steps } = setup.progress;
  const disabled = { ...setup, enabled: false };
  if (state !== 'IN_PROGRESS') return { setup: disabled };
  const running = steps[currentStepIndex]?.shellId ?? undefined;
  return { setup: withState(disabled, 'STOPPED'), ...(running ? { stop: running } : {}) };
}

/** setup/enable: the setup may run again (setup/init runs it). */
export function enableSetup(setup: Setup): SetupTransition {
  return { setup: { ...setup, enabled: true } };
}

/** Moves to the first step from `from` on that has not finished: runs it, or FINISHED when there is none. */
function advance(setup: Setup, from: number, run: boolean): SetupTransition {
  const { steps } = setup.progress;
  let next = from;
  while (next < steps.length && steps[next].finishStatus !== null) next++;
  if (next >= steps.length) return { setup: { ...setup, progress: { ...setup.progress, state: 'FINISHED', currentStepIndex: lastIndex(steps) } } };
  const state = run ? 'IN_PROGRESS' : setup.progress.state;
  const reset = steps.map((s, i) => (i === next ? { ...s, shellId: null } : s));
  return { setup: { ...setup, progress: { state, steps: reset, currentStepIndex: next } }, ...(run ? { run: next } : {}) };
}

const lastIndex = (steps: readonly SetupStep[]): number => Math.max(0, steps.length - 1);

function withStep(setup: Setup, index: number, step: SetupStep): Setup {
  const steps = setup.progress.steps.map((s, i) => (i === index ? step : s));
  return { ...setup, progress: { ...setup.progress, steps } };
}

function withState(setup: Setup, state: SetupState): Setup {
  return { ...setup, progress: { ...setup.progress, state } };
}
