import { ContainerRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

/** container/* (docs/protocol/system.md "container"): a dev container from a template, run on the workspace's toolchain. */
export const containerHandlers: FamilyHandlers<keyof ContainerRequests> = {
  'container/setup': ({ workspace, session }, params) => workspace.containers.setup(params, session),
};
