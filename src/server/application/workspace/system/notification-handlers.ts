import { NotificationRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const notificationHandlers: FamilyHandlers<keyof NotificationRequests> = {};
