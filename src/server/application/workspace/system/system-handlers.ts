import { SystemRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const systemHandlers: FamilyHandlers<keyof SystemRequests> = {};
