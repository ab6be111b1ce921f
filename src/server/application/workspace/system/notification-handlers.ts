import { NotificationRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const notificationHandlers: FamilyHandlers<keyof NotificationRequests> = {
  'notification/notifyResponse': ({ workspace, session }, p) => workspace.notifications.respond(session, p.notificationId, p.response ?? null),
};
