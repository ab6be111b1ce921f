import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { NotificationPreferenceName, NotificationPreferences } from '../../domain/account/notification-preferences';
import { AccountPort } from '../ports/account.port';
import { apiFailureMessage } from '../ports/api-request-error';
import { NotifyError } from '../tokens';
import { Loadable } from './loadable';

/** The notification preferences (spec 000 §3): each switch is saved at once; a failed save puts it back. */
@injectable()
export class NotificationPreferencesStore {
  preferences: Loadable<NotificationPreferences> = { kind: 'loading' };

  constructor(
    @inject(AccountPort) private readonly account: AccountPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    makeObservable(this, { preferences: observable.ref, set: action });
  }

  set(preferences: Loadable<NotificationPreferences>): void {
    this.preferences = preferences;
  }

  async load(): Promise<void> {
    this.set({ kind: 'loading' });
    try {
      this.set({ kind: 'loaded', value: await this.account.notificationPreferences() });
    } catch (error) {
      this.set({ kind: 'failed', message: apiFailureMessage(error) });
    }
  }

  /** Turns preferences on or off (one, or a group's all); the server's answer is what shows after. */
  async change(names: readonly NotificationPreferenceName[], on: boolean): Promise<void> {
    if (this.preferences.kind !== 'loaded') return;
    const before = this.preferences.value;
    const change = Object.fromEntries(names.map((name) => [name, on])) as Partial<Record<NotificationPreferenceName, boolean>>;
    this.set({ kind: 'loaded', value: { ...before, ...change } });
    try {
      this.set({ kind: 'loaded', value: await this.account.updateNotificationPreferences(change) });
    } catch (error) {
      this.set({ kind: 'loaded', value: before });
      this.notifyError(apiFailureMessage(error));
    }
  }
}
