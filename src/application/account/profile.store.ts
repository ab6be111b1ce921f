import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { UsernameCheck, usernameCheckTransition, usernameSendable } from '../../domain/account/username';
import { AccountPort } from '../ports/account.port';
import { apiFailureMessage } from '../ports/api-request-error';
import { NotifyInfo } from '../tokens';
import { SessionStore } from '../session/session.store';
import { Submission } from './loadable';

/** How long typing rests before a username's availability is asked. */
export const USERNAME_CHECK_DELAY_MS = 300;

export interface ProfileDraft {
  readonly username: string;
  readonly name: string;
  readonly bio: string;
  /** One link per line. */
  readonly socialLinks: string;
}

export const PROFILE_SAVED = 'Profile saved';

/** The account page's profile: username (checked for availability as it is typed), name, bio, social links. */
@injectable()
export class ProfileStore extends DisposableBase {
  draft: ProfileDraft = { username: '', name: '', bio: '', socialLinks: '' };
  usernameCheck: UsernameCheck = { kind: 'unchanged' };
  submission: Submission = { kind: 'idle' };
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    @inject(AccountPort) private readonly account: AccountPort,
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(NotifyInfo) private readonly notifyInfo: NotifyInfo,
  ) {
    super();
    makeObservable<ProfileStore, 'checked'>(this, {
      draft: observable.ref,
      usernameCheck: observable.ref,
      submission: observable.ref,
      canSave: computed,
      reset: action,
      edit: action,
      checked: action,
    });
    this.register(() => clearTimeout(this.timer));
  }

  /** The form starts from the person as signed in. */
  reset(): void {
    const user = this.session.user;
    this.draft = { username: user?.username ?? '', name: user?.name ?? '', bio: user?.bio ?? '', socialLinks: (user?.socialLinks ?? []).join('\n') };
    this.usernameCheck = { kind: 'unchanged' };
    this.submission = { kind: 'idle' };
  }

  edit(change: Partial<ProfileDraft>): void {
    this.draft = { ...this.draft, ...change };
    if (this.submission.kind !== 'busy') this.submission = { kind: 'idle' };
    if (change.username === undefined) return;
    this.usernameCheck = usernameCheckTransition(this.usernameCheck, { type: 'typed', text: change.username, current: this.session.user?.username });
    clearTimeout(this.timer);
    const check = this.usernameCheck;
    if (check.kind === 'checking') this.timer = setTimeout(() => void this.ask(check.username), USERNAME_CHECK_DELAY_MS);
  }

  get canSave(): boolean {
    return this.submission.kind !== 'busy' && usernameSendable(this.usernameCheck) && this.usernameCheck.kind !== 'checking';
  }

  async save(): Promise<void> {
    if (!this.canSave) return;
    const user = this.session.user;
    const { username, name, bio, socialLinks } = this.draft;
    const links = socialLinks
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    runInAction(() => (this.submission = { kind: 'busy' }));
    try {
      const updated = await this.account.updateProfile({
        ...(username.trim() !== '' && username.trim() !== user?.username ? { username: username.trim() } : {}),
        name: name.trim() === '' ? null : name.trim(),
        bio: bio.trim() === '' ? null : bio.trim(),
        socialLinks: links,
      });
      this.session.userChanged(updated);
      runInAction(() => {
        this.submission = { kind: 'done' };
        this.usernameCheck = { kind: 'unchanged' };
      });
      this.notifyInfo(PROFILE_SAVED);
    } catch (error) {
      runInAction(() => (this.submission = { kind: 'failed', message: apiFailureMessage(error) }));
    }
  }

  private async ask(username: string): Promise<void> {
    try {
      const available = await this.account.usernameAvailable(username);
      this.checked({ type: 'answered', username, available });
    } catch (error) {
      this.checked({ type: 'failed', username, message: apiFailureMessage(error) });
    }
  }

  private checked(event: { type: 'answered'; username: string; available: boolean } | { type: 'failed'; username: string; message: string }): void {
    this.usernameCheck = usernameCheckTransition(this.usernameCheck, event);
  }
}
