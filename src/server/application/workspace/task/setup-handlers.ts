import { SetupRequests } from '../../../../protocol';
import { done } from '../handler-result';
import { FamilyHandlers } from '../request-context';
import { taskFailure } from './task-error-codes';

/** setup/* (docs/protocol/setup.md). */
export const setupHandlers: FamilyHandlers<keyof SetupRequests> = {
  'setup/get': async ({ workspace, session, answer }) => {
    await workspace.tasks.whenReady();
    const progress = workspace.tasks.setup.progress;
    const result = done(progress);
    // The SDK waits for a setup/progress after a setup/get without steps (protocol.md §7.3 step 3): one follows.
    if (progress.steps.length === 0) {
      answer(result);
      session.notify('setup/progress', progress);
    }
    return result;
  },
  'setup/skip': async ({ workspace, session }, { stepIndexToSkip }) => {
    await workspace.tasks.whenReady();
    const skipped = workspace.tasks.setup.skip(stepIndexToSkip, session.json.username);
    return skipped.ok ? done(skipped.value) : taskFailure(skipped.error);
  },
  'setup/skipAll': async ({ workspace, session }) => {
    await workspace.tasks.whenReady();
    return done(workspace.tasks.setup.skipAll(session.json.username));
  },
  'setup/setStep': async ({ workspace, session }, { stepIndex }) => {
    await workspace.tasks.whenReady();
    const set = workspace.tasks.setup.setStep(stepIndex, session.json.username);
    return set.ok ? done(set.value) : taskFailure(set.error);
  },
  'setup/enable': async ({ workspace }) => {
    await workspace.tasks.whenReady();
    return done(workspace.tasks.setup.enable());
  },
  'setup/disable': async ({ workspace, session }) => {
    await workspace.tasks.whenReady();
    return done(workspace.tasks.setup.disable(session.json.username));
  },
  'setup/init': async ({ workspace }) => {
    await workspace.tasks.whenReady();
    return done(workspace.tasks.setup.init());
  },
};
