import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { WorkspaceNotification, WorkspaceNotificationsPort } from '../ports/workspace-notifications.port';
import { NotifyError } from '../tokens';

/** What the workspace told its users and is waiting for them to answer (notification/notify, dismiss, respond). */
@injectable()
export class WorkspaceNotificationStore extends DisposableBase {
  notifications: readonly WorkspaceNotification[] = [];

  constructor(
    @inject(WorkspaceNotificationsPort) private readonly port: WorkspaceNotificationsPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    super();
    makeObservable(this, { notifications: observable.ref, add: action, remove: action });
    this.register(port.onDidNotify((n) => this.add(n)));
    this.register(port.onDidDismiss(({ notificationId }) => this.remove(notificationId)));
  }

  add(notification: WorkspaceNotification): void {
    this.notifications = [...this.notifications.filter((n) => n.notificationId !== notification.notificationId), notification];
  }

  remove(notificationId: string): void {
    this.notifications = this.notifications.filter((n) => n.notificationId !== notificationId);
  }

  /** Answers with an action's label (null: closed without an answer); the notification goes away at once. */
  async respond(notificationId: string, response: string | null): Promise<void> {
    this.remove(notificationId);
    try {
      await this.port.respond(notificationId, response);
    } catch (error) {
      this.notifyError((error as Error).message);
    }
  }
}
