import { NotificationType, PitcherErrorCode } from '../../../../protocol';
import { ClientSession } from '../client-session';
import { HandlerResult, done, fail } from '../handler-result';

interface Pending {
  resolve: (response: NotificationResponse) => void;
  /** Who was asked: the first answer wins and the others' copies are dismissed. */
  recipients: ClientSession[];
}

export interface NotificationResponse {
  clientId: string;
  /** The action label chosen, or null when the notification was closed without one. */
  response: string | null;
}

/**
 * Notifications the workspace shows its users (notification/notify), optionally with actions. The first client to
 * answer (notification/notifyResponse) settles it; every other client's copy is dismissed.
 */
export class NotificationCenter {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly clients: () => Iterable<ClientSession>,
    private readonly newId: () => string,
  ) {}

  /** Shows a notification to every joined client (or the given ones); resolves with the first answer. */
  notify(type: NotificationType, message: string, actions: string[] = [], to?: ClientSession[]): { notificationId: string; response: Promise<NotificationResponse> } {
    const notificationId = this.newId();
    const recipients = to ?? [...this.clients()];
    const response = new Promise<NotificationResponse>((resolve) => this.pending.set(notificationId, { resolve, recipients }));
    ClientSession.notifyAll(recipients, 'notification/notify', {
      type,
      notificationId,
      message,
      ...(actions.length > 0 ? { actions: actions.map((label) => ({ label })) } : {}),
    });
    return { notificationId, response };
  }

  /** Withdraws a notification (nobody needs to answer it any more). */
  dismiss(notificationId: string): void {
    const pending = this.pending.get(notificationId);
    if (!pending) return;
    this.pending.delete(notificationId);
    ClientSession.notifyAll(pending.recipients.filter((s) => s.active), 'notification/dismiss', { notificationId });
    pending.resolve({ clientId: '', response: null });
  }

  respond(session: ClientSession, notificationId: string, response: string | null): HandlerResult<null> {
    const pending = this.pending.get(notificationId);
    if (!pending || !pending.recipients.includes(session)) {
      return fail(PitcherErrorCode.INVALID_ID, `Notification ${notificationId} is not waiting for an answer`);
    }
    this.pending.delete(notificationId);
    ClientSession.notifyAll(pending.recipients.filter((s) => s !== session && s.active), 'notification/dismiss', { notificationId });
    pending.resolve({ clientId: session.clientId, response });
    return done(null);
  }

  dispose(): void {
    for (const id of [...this.pending.keys()]) this.dismiss(id);
  }
}
