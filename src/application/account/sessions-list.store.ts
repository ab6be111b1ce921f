import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { AccountPort, SessionInfo } from '../ports/account.port';
import { apiFailureMessage } from '../ports/api-request-error';
import { NotifyError } from '../tokens';
import { Loadable } from './loadable';

/** The account page's sessions: where the person is signed in, each revocable (this browser's last). */
@injectable()
export class SessionsListStore {
  sessions: Loadable<readonly SessionInfo[]> = { kind: 'loading' };
  /** Sessions being revoked. */
  revoking: ReadonlySet<string> = new Set();

  constructor(
    @inject(AccountPort) private readonly account: AccountPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    makeObservable(this, { sessions: observable.ref, revoking: observable.ref, set: action, setRevoking: action });
  }

  set(sessions: Loadable<readonly SessionInfo[]>): void {
    this.sessions = sessions;
  }

  setRevoking(id: string, on: boolean): void {
    const next = new Set(this.revoking);
    if (on) next.add(id);
    else next.delete(id);
    this.revoking = next;
  }

  async load(): Promise<void> {
    this.set({ kind: 'loading' });
    try {
      this.set({ kind: 'loaded', value: await this.account.sessions() });
    } catch (error) {
      this.set({ kind: 'failed', message: apiFailureMessage(error) });
    }
  }

  async revoke(id: string): Promise<void> {
    this.setRevoking(id, true);
    try {
      await this.account.revokeSession(id);
      if (this.sessions.kind === 'loaded') this.set({ kind: 'loaded', value: this.sessions.value.filter((s) => s.id !== id) });
    } catch (error) {
      this.notifyError(apiFailureMessage(error));
    } finally {
      this.setRevoking(id, false);
    }
  }
}
