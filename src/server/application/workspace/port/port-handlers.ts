import { PortRequests } from '../../../../protocol';
import { done } from '../handler-result';
import { FamilyHandlers } from '../request-context';

export const portHandlers: FamilyHandlers<keyof PortRequests> = {
  'port/list': ({ workspace }) => done({ list: workspace.ports.list() }),
};
