import { ContainerRequests, PitcherErrorCode } from '../../../../protocol';
import { fail } from '../handler-result';
import { FamilyHandlers } from '../request-context';

/** Dev containers need a container runtime in the workspace, which Bullpen does not have yet (docs/protocol/system.md). */
export const containerHandlers: FamilyHandlers<keyof ContainerRequests> = {
  'container/setup': () => fail(PitcherErrorCode.FEATURE_UNAVAILABLE, 'Dev containers are not available in Bullpen yet'),
};
