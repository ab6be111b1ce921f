import { ContainerRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const containerHandlers: FamilyHandlers<keyof ContainerRequests> = {};
