import { injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { NotificationTarget, addNotification, dismissNotification } from '../../domain/notifications/notifications-list';

export interface Notice {
  id: number;
  variant: 'info' | 'error' | 'warning' | 'success';
  message: string;
  /** Notices of one unique name are one notice (spec 000 §4): by default the message itself. */
  uniqueName: string;
}

/** How long a notice that needs no answer (info, success) stays; errors and warnings stay until dismissed. */
export const NOTICE_LIFETIME_MS = 10_000;

/**
 * The notifications list shown as toasts (spec 000 §4, §9: info, error, warning, success); errors and notices from
 * every store, root or workspace, arrive here. A notice whose unique name is listed is not added again; one is
 * dismissed by its id or by its unique name.
 */
@injectable()
export class NotificationsStore extends DisposableBase {
  notices: readonly Notice[] = [];
  private nextId = 1;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor() {
    super();
    makeObservable(this, { notices: observable.ref, show: action, dismiss: action });
    this.register(() => {
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
    });
  }

  show(variant: Notice['variant'], message: string, uniqueName = message): void {
    const before = this.notices;
    const id = this.nextId++;
    this.notices = addNotification(this.notices, { id, variant, message, uniqueName });
    if (this.notices === before || (variant !== 'info' && variant !== 'success')) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.dismiss(id);
    }, NOTICE_LIFETIME_MS);
    this.timers.add(timer);
  }

  /** Dismisses a notice by its id, or every notice of a unique name. */
  dismiss(target: number | NotificationTarget): void {
    this.notices = dismissNotification(this.notices, typeof target === 'number' ? { id: target } : target);
  }
}
