import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { AccountPort } from '../ports/account.port';
import { apiFailureMessage } from '../ports/api-request-error';
import { NotifyInfo } from '../tokens';
import { Submission } from './loadable';

export const PASSWORDS_DIFFER = 'The two new passwords differ';
export const PASSWORD_CHANGED = 'Password changed. Your other sessions were signed out.';

/** Changing (or, for an account without one, setting) the password; the server signs the other sessions out. */
@injectable()
export class PasswordStore {
  submission: Submission = { kind: 'idle' };

  constructor(
    @inject(AccountPort) private readonly account: AccountPort,
    @inject(NotifyInfo) private readonly notifyInfo: NotifyInfo,
  ) {
    makeObservable(this, { submission: observable.ref, set: action });
  }

  set(submission: Submission): void {
    this.submission = submission;
  }

  async change(currentPassword: string | undefined, newPassword: string, repeated: string): Promise<boolean> {
    if (newPassword !== repeated) {
      this.set({ kind: 'failed', message: PASSWORDS_DIFFER });
      return false;
    }
    this.set({ kind: 'busy' });
    try {
      await this.account.changePassword(currentPassword === undefined ? { newPassword } : { currentPassword, newPassword });
      this.set({ kind: 'done' });
      this.notifyInfo(PASSWORD_CHANGED);
      return true;
    } catch (error) {
      this.set({ kind: 'failed', message: apiFailureMessage(error) });
      return false;
    }
  }
}
