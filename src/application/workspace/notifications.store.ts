import { injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';

export interface Notice {
  id: number;
  variant: 'info' | 'error' | 'warning' | 'success';
  message: string;
}

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
    this.notices = [...this.notices, { id: this.nextId++, variant, message }];
  }

  dismiss(id: number): void {
    this.notices = this.notices.filter((n) => n.id !== id);
  }
}
