import { injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';

export interface Notice {
  id: number;
  variant: 'info' | 'error' | 'warning' | 'success';
  message: string;
}

/** How long a notice that needs no answer (info, success) stays; errors and warnings stay until dismissed. */
export const NOTICE_LIFETIME_MS = 10_000;

/** Toasts shown to the user; errors from every store arrive here. */
@injectable()
export class NotificationsStore {
  notices: readonly Notice[] = [];
  private nextId = 1;

  constructor() {
    makeObservable(this, { notices: observable.ref, show: action, dismiss: action });
  }

  show(variant: Notice['variant'], message: string): void {
    if (this.notices.some((n) => n.message === message)) return;
    const id = this.nextId++;
    this.notices = [...this.notices, { id, variant, message }];
    if (variant === 'info' || variant === 'success') setTimeout(() => this.dismiss(id), NOTICE_LIFETIME_MS);
  }

  dismiss(id: number): void {
    this.notices = this.notices.filter((n) => n.id !== id);
  }
}
