import { SetupRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const setupHandlers: FamilyHandlers<keyof SetupRequests> = {};
