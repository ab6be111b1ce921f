import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, empty, integer, object } from '../schema';

/** setup/* messages (protocol.md §3 setup; docs/protocol/setup.md): the setupTasks of .codesandbox/tasks.json. */
export type SetupState = 'IDLE' | 'IN_PROGRESS' | 'FINISHED' | 'STOPPED';
export type SetupStepStatus = 'SUCCEEDED' | 'FAILED' | 'SKIPPED';
export interface SetupStepDTO {
  name: string;
  command: string;
  shellId: string | null;
  finishStatus: SetupStepStatus | null;
}
export interface SetupProgress {
  state: SetupState;
  steps: SetupStepDTO[];
  currentStepIndex: number;
}

const stepIndex = integer({ min: 0, max: 10_000 });
export const setupSkipParams = object({ stepIndexToSkip: stepIndex });
export type SetupSkipParams = Infer<typeof setupSkipParams>;
export const setupSetStepParams = object({ stepIndex });
export type SetupSetStepParams = Infer<typeof setupSetStepParams>;

export interface SetupRequests {
  'setup/get': { params: Record<string, never>; result: SetupProgress };
  'setup/skip': { params: SetupSkipParams; result: SetupProgress };
  'setup/skipAll': { params: Record<string, never>; result: SetupProgress };
  'setup/setStep': { params: SetupSetStepParams; result: SetupProgress };
  'setup/enable': { params: Record<string, never>; result: SetupProgress };
  'setup/disable': { params: Record<string, never>; result: SetupProgress };
  'setup/init': { params: Record<string, never>; result: SetupProgress };
}
export interface SetupNotifications {
  'setup/progress': SetupProgress;
}
export const setupSchemas: RequestSchemas<SetupRequests> = {
  'setup/get': empty,
  'setup/skip': setupSkipParams,
  'setup/skipAll': empty,
  'setup/setStep': setupSetStepParams,
  'setup/enable': empty,
  'setup/disable': empty,
  'setup/init': empty,
};
export const setupPermissions: RequestPermissions<SetupRequests> = {
  'setup/get': ['setup', 'get'],
  'setup/skip': ['setup', 'skip'],
  'setup/skipAll': ['setup', 'skipAll'],
  'setup/setStep': ['setup', 'setStep'],
  'setup/enable': ['setup', 'enable'],
  'setup/disable': ['setup', 'disable'],
  'setup/init': ['setup', 'init'],
};
