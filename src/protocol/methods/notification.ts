import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, literal, object, optional, string } from '../schema';

/** notification/* messages (protocol.md §3): the workspace asks its users something, or tells them. */
export type NotificationType = 'info' | 'warning' | 'error';
export interface NotifyParams {
  type: NotificationType;
  notificationId: string;
  message: string;
  actions?: Array<{ label: string }>;
}

export const notifyResponseParams = object({
  notificationId: string({ nonEmpty: true, max: 128 }),
  response: optional(string({ max: 1024 })),
});
export type NotifyResponseParams = Infer<typeof notifyResponseParams>;
export const notificationTypes = literal<NotificationType>('info', 'warning', 'error');

export interface NotificationRequests {
  'notification/notifyResponse': { params: NotifyResponseParams; result: null };
}
export interface NotificationNotifications {
  'notification/notify': NotifyParams;
  'notification/dismiss': { notificationId: string };
}
export const notificationSchemas: RequestSchemas<NotificationRequests> = { 'notification/notifyResponse': notifyResponseParams };
export const notificationPermissions: RequestPermissions<NotificationRequests> = {
  'notification/notifyResponse': ['notification', 'respond'],
};
