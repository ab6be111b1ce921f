import { TaskRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const taskHandlers: FamilyHandlers<keyof TaskRequests> = {};
