import { Emitter } from '../../base/event';
import { WorkspaceNotification, WorkspaceNotificationsPort } from '../../application/ports/workspace-notifications.port';
import { PitcherClient } from './pitcher-client';

export class PitcherWorkspaceNotifications implements WorkspaceNotificationsPort {
  private readonly notified = new Emitter<WorkspaceNotification>();
  private readonly dismissed = new Emitter<{ notificationId: string }>();
  readonly onDidNotify = this.notified.event;
  readonly onDidDismiss = this.dismissed.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('notification/notify', (n) =>
      this.notified.fire({ notificationId: n.notificationId, type: n.type, message: n.message, actions: (n.actions ?? []).map((a) => ({ label: a.label })) }),
    );
    client.onNotification('notification/dismiss', (p) => this.dismissed.fire({ notificationId: p.notificationId }));
  }

  async respond(notificationId: string, response: string | null): Promise<void> {
    await this.client.request('notification/notifyResponse', { notificationId, response: response ?? undefined }); // undefined goes on the wire as nil
  }
}
