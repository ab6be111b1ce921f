import { SetupProgress, SetupStep } from './setup-progress';

/** How one setup step stands, for a progress list: its finish status, or running, or waiting its turn. */
export type SetupStepView = 'SUCCEEDED' | 'FAILED' | 'SKIPPED' | 'RUNNING' | 'PENDING';

export function setupStepView(progress: SetupProgress, index: number): SetupStepView {
  const step: SetupStep | undefined = progress.steps[index];
  if (!step) return 'PENDING';
  if (step.finishStatus) return step.finishStatus;
  return progress.state === 'IN_PROGRESS' && index === progress.currentStepIndex ? 'RUNNING' : 'PENDING';
}

/** A step can be skipped until it succeeded or was skipped, while the setup is not finished. */
export const canSkipStep = (progress: SetupProgress, index: number): boolean => {
  const view = setupStepView(progress, index);
  return progress.state !== 'FINISHED' && (view === 'RUNNING' || view === 'PENDING' || view === 'FAILED');
};

/** 'Step 2 of 3' while it runs; the setup's state otherwise. */
export function setupSummary(progress: SetupProgress): string {
  const total = progress.steps.length;
  if (total === 0) return 'No setup steps';
  if (progress.state === 'IN_PROGRESS') return `Running step ${progress.currentStepIndex + 1} of ${total}`;
  if (progress.state === 'FINISHED') return 'Setup finished';
  if (progress.state === 'STOPPED') return `Setup stopped at step ${progress.currentStepIndex + 1} of ${total}`;
  return 'Setup not started';
}
