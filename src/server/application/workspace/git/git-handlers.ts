import { GitRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const gitHandlers: FamilyHandlers<keyof GitRequests> = {};
