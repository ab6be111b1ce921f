import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { canDeleteAccount } from '../../domain/account/delete-account';
import { AccountPort } from '../ports/account.port';
import { apiFailureMessage } from '../ports/api-request-error';
import { AuthWindowsPort } from '../ports/auth-windows.port';
import { SessionStore } from '../session/session.store';
import { Submission } from './loadable';

/** Deleting one's account, confirmed by typing the username; then the page goes to the start. */
@injectable()
export class DeleteAccountStore {
  submission: Submission = { kind: 'idle' };

  constructor(
    @inject(AccountPort) private readonly account: AccountPort,
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(AuthWindowsPort) private readonly windows: AuthWindowsPort,
  ) {
    makeObservable(this, { submission: observable.ref, set: action });
  }

  set(submission: Submission): void {
    this.submission = submission;
  }

  async delete(typed: string): Promise<void> {
    const username = this.session.user?.username ?? '';
    if (!canDeleteAccount(typed, username) || this.submission.kind === 'busy') return;
    this.set({ kind: 'busy' });
    try {
      await this.account.deleteAccount(typed.trim());
      this.set({ kind: 'done' });
      this.session.forget();
      this.windows.navigate('/');
    } catch (error) {
      this.set({ kind: 'failed', message: apiFailureMessage(error) });
    }
  }
}
