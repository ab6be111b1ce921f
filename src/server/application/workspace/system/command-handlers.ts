import { CommandRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const commandHandlers: FamilyHandlers<keyof CommandRequests> = {};
