import { Event } from '../../base/event';

/** The setup steps (the setupTasks of tasks.json) and their progress (spec 002 §3 Setup progress, protocol.md §3). */
export const SetupPort = Symbol('SetupPort');

export type SetupState = 'IDLE' | 'IN_PROGRESS' | 'FINISHED' | 'STOPPED';

export interface SetupStep {
  name: string;
  command: string;
  shellId: string | null;
  finishStatus: 'SUCCEEDED' | 'FAILED' | 'SKIPPED' | null;
}

export interface SetupProgress {
  state: SetupState;
  steps: SetupStep[];
  currentStepIndex: number;
}

export interface SetupPort {
  readonly onDidProgress: Event<SetupProgress>;
  get(): Promise<SetupProgress>;
  skip(stepIndex: number): Promise<SetupProgress>;
  skipAll(): Promise<SetupProgress>;
  setStep(stepIndex: number): Promise<SetupProgress>;
  enable(): Promise<SetupProgress>;
  disable(): Promise<SetupProgress>;
  init(): Promise<SetupProgress>;
}
