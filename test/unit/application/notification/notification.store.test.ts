import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { PortError } from '../../../../src/application/ports/port-error';
import { WorkspaceNotification, WorkspaceNotificationsPort } from '../../../../src/application/ports/workspace-notifications.port';
import { WorkspaceNotificationStore } from '../../../../src/application/notification/notification.store';

class FakeNotifications implements WorkspaceNotificationsPort {
  readonly notify = new Emitter<WorkspaceNotification>();
  readonly dismiss = new Emitter<{ notificationId: string }>();
  onDidNotify = this.notify.event;
  onDidDismiss = this.dismiss.event;
  readonly responses: Array<[string, string | null]> = [];
  failure: Error | undefined;
  respond = async (id: string, response: string | null) => {
    this.responses.push([id, response]);
    if (this.failure) throw this.failure;
  };
}

const note = (id: string, message = 'Port 3000 opened'): WorkspaceNotification => ({ notificationId: id, type: 'info', message, actions: [{ label: 'Open' }] });

describe('WorkspaceNotificationStore', () => {
  it('shows notify, replaces one with the same id, and removes on dismiss', () => {
    const port = new FakeNotifications();
    const store = new WorkspaceNotificationStore(port, () => undefined);
    port.notify.fire(note('n1'));
    port.notify.fire(note('n2'));
    port.notify.fire(note('n1', 'updated'));
    expect(store.notifications.map((n) => [n.notificationId, n.message])).toEqual([
      ['n2', 'Port 3000 opened'],
      ['n1', 'updated'],
    ]);
    port.dismiss.fire({ notificationId: 'n2' });
    expect(store.notifications.map((n) => n.notificationId)).toEqual(['n1']);
  });

  it('responds with an action label or null and removes the notification', async () => {
    const port = new FakeNotifications();
    const store = new WorkspaceNotificationStore(port, () => undefined);
    port.notify.fire(note('n1'));
    port.notify.fire(note('n2'));
    await store.respond('n1', 'Open');
    await store.respond('n2', null);
    expect(port.responses).toEqual([
      ['n1', 'Open'],
      ['n2', null],
    ]);
    expect(store.notifications).toEqual([]);
  });

  it('tells the user when the response could not be sent', async () => {
    const port = new FakeNotifications();
    const errors: string[] = [];
    const store = new WorkspaceNotificationStore(port, (m) => errors.push(m));
    port.failure = new PortError('disconnected', 'Not able to send message in state RECONNECTING');
    await store.respond('n1', 'Open');
    expect(errors).toEqual(['Not able to send message in state RECONNECTING']);
  });
});
