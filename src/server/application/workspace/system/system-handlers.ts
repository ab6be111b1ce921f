import { SystemRequests } from '../../../../protocol';
import { done } from '../handler-result';
import { FamilyHandlers } from '../request-context';

export const systemHandlers: FamilyHandlers<keyof SystemRequests> = {
  'system/metrics': async ({ workspace }) => done(await workspace.system.metrics()),
  // The SDK's activity keep-alive (protocol.md §1.5): nothing to do but answer.
  'system/update': () => done({}),
  'system/hibernate': ({ workspace, answer }) => {
    // Answered before the connections close, so the caller sees its result.
    answer(done(null));
    workspace.system.hibernate();
    return done(null);
  },
};
