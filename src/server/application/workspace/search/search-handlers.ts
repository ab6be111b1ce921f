import { FsSearchRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const searchHandlers: FamilyHandlers<keyof FsSearchRequests> = {};
