import { assertNever } from '../../base/assert';
import { MICRO_VM_STARTED_PROGRESS, connectionPhaseProgress, initPhaseProgress } from '../connection/connection-progress';

/** Spec 002 §2: the progress messages of the connection phase. */
export const PREPARING_MICRO_VM_TEXT = 'Preparing MicroVM...';
export const MICRO_VM_STARTED_TEXT = 'MicroVM started, connecting...';

/** system/initStatus: the workspace's own start-up step, progress and nextProgress 0..100. */
export interface InitStatusReport {
  readonly message: string;
  readonly isError: boolean;
  readonly progress: number;
  readonly nextProgress: number;
  readonly stdout?: string;
}

/**
 * The start-up of a micro VM as the loader shows it (spec 002 §2 messages, §9 progress):
 * PREPARING (the VM is being started), CONNECTING ('MicroVM started, connecting...'), INITIALIZING (the workspace
 * reports its own start-up with system/initStatus), FAILED (a start-up step reported an error) and STARTED.
 * The join ends the start-up: the client joins with asyncProgress false, so the workspace answers the join once it
 * is ready (protocol.md §2 client/join). After that only an error is shown again; other steps do not bring the
 * loader back.
 */
export type StartUpProgress =
  | { readonly kind: 'PREPARING' }
  | { readonly kind: 'CONNECTING' }
  | { readonly kind: 'INITIALIZING'; readonly status: InitStatusReport }
  /** `afterStart`: the step failed once the workspace had started (e.g. a dev container installed later). */
  | { readonly kind: 'FAILED'; readonly status: InitStatusReport; readonly afterStart: boolean }
  | { readonly kind: 'STARTED' };

export type StartUpEvent =
  /** The host answered (the VM runs) and the connection starts: every connect begins a new start-up. */
  | { readonly type: 'vm-started' }
  | { readonly type: 'init-status'; readonly status: InitStatusReport }
  | { readonly type: 'joined' };

export const START_UP_PREPARING: StartUpProgress = { kind: 'PREPARING' };

export function startUpTransition(state: StartUpProgress, event: StartUpEvent): StartUpProgress {
  switch (event.type) {
    case 'vm-started':
      return { kind: 'CONNECTING' };
    case 'init-status':
      if (event.status.isError) return { kind: 'FAILED', status: event.status, afterStart: state.kind === 'STARTED' || (state.kind === 'FAILED' && state.afterStart) };
      return state.kind === 'STARTED' ? state : { kind: 'INITIALIZING', status: event.status };
    case 'joined':
      return { kind: 'STARTED' };
    default:
      return assertNever(event);
  }
}

/** The start-up screen's title: a step that fails after the start does not say the workspace could not start. */
export function startUpTitle(state: StartUpProgress): string {
  if (state.kind !== 'FAILED') return 'Starting the workspace';
  return state.afterStart ? 'A workspace step failed' : 'The workspace could not start';
}

/** The progress bar value, 0..100 (spec 002 §9: the connection phase is 0-60, MicroVM started 55, the rest 60-100). */
export function startUpPercentage(state: StartUpProgress): number {
  switch (state.kind) {
    case 'PREPARING':
      return connectionPhaseProgress(0);
    case 'CONNECTING':
      return MICRO_VM_STARTED_PROGRESS;
    case 'INITIALIZING':
    case 'FAILED':
      return initPhaseProgress(state.status.progress);
    case 'STARTED':
      return 100;
    default:
      return assertNever(state);
  }
}

/** Where the running step will bring the bar (the server's nextProgress), for an animation towards it. */
export function startUpNextPercentage(state: StartUpProgress): number {
  return state.kind === 'INITIALIZING' ? Math.max(startUpPercentage(state), initPhaseProgress(state.status.nextProgress)) : startUpPercentage(state);
}

/** The message under the bar; undefined once started. */
export function startUpMessage(state: StartUpProgress): string | undefined {
  switch (state.kind) {
    case 'PREPARING':
      return PREPARING_MICRO_VM_TEXT;
    case 'CONNECTING':
      return MICRO_VM_STARTED_TEXT;
    case 'INITIALIZING':
    case 'FAILED':
      return state.status.message;
    case 'STARTED':
      return undefined;
    default:
      return assertNever(state);
  }
}
