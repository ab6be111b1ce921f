import { Event } from '../../base/event';

/** Notifications the workspace sends its users, some asking for an answer (protocol.md §3 notification). */
export const WorkspaceNotificationsPort = Symbol('WorkspaceNotificationsPort');

export interface WorkspaceNotification {
  notificationId: string;
  type: 'info' | 'warning' | 'error';
  message: string;
  /** The answers offered, by label. */
  actions: Array<{ label: string }>;
}

export interface WorkspaceNotificationsPort {
  readonly onDidNotify: Event<WorkspaceNotification>;
  readonly onDidDismiss: Event<{ notificationId: string }>;
  /** Answers with an action's label, or null when the user closed it. */
  respond(notificationId: string, response: string | null): Promise<void>;
}
