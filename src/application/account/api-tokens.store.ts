import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { DEFAULT_TOKEN_EXPIRY_DAYS } from '../../domain/account/api-token-expiry';
import { AccountPort, ApiTokenInfo, CreatedApiToken } from '../ports/account.port';
import { apiFailureMessage } from '../ports/api-request-error';
import { NotifyError } from '../tokens';
import { Loadable, Submission } from './loadable';

export interface TokenDraft {
  readonly name: string;
  readonly scopes: readonly string[];
  /** Undefined: the token does not expire. */
  readonly expiresInDays: number | undefined;
}

const emptyDraft: TokenDraft = { name: '', scopes: ['sandbox_read'], expiresInDays: DEFAULT_TOKEN_EXPIRY_DAYS };

/** Personal API tokens: listed (prefix, last use), created (shown once, to copy), revoked. */
@injectable()
export class ApiTokensStore {
  tokens: Loadable<readonly ApiTokenInfo[]> = { kind: 'loading' };
  draft: TokenDraft = emptyDraft;
  submission: Submission = { kind: 'idle' };
  /** The token just created, whose secret shows until it is dismissed (never again after). */
  created: CreatedApiToken | undefined = undefined;
  revoking: ReadonlySet<string> = new Set();

  constructor(
    @inject(AccountPort) private readonly account: AccountPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    makeObservable(this, {
      tokens: observable.ref,
      draft: observable.ref,
      submission: observable.ref,
      created: observable.ref,
      revoking: observable.ref,
      canCreate: computed,
      set: action,
      edit: action,
      toggleScope: action,
      dismissCreated: action,
      setSubmission: action,
      tokenCreated: action,
      setRevoking: action,
    });
  }

  set(tokens: Loadable<readonly ApiTokenInfo[]>): void {
    this.tokens = tokens;
  }

  edit(change: Partial<TokenDraft>): void {
    this.draft = { ...this.draft, ...change };
    if (this.submission.kind === 'failed') this.submission = { kind: 'idle' };
  }

  toggleScope(scope: string): void {
    const scopes = this.draft.scopes.includes(scope) ? this.draft.scopes.filter((s) => s !== scope) : [...this.draft.scopes, scope];
    this.edit({ scopes });
  }

  get canCreate(): boolean {
    return this.draft.name.trim() !== '' && this.draft.scopes.length > 0 && this.submission.kind !== 'busy';
  }

  dismissCreated(): void {
    this.created = undefined;
  }

  setSubmission(submission: Submission): void {
    this.submission = submission;
  }

  tokenCreated(token: CreatedApiToken): void {
    this.created = token;
    this.draft = emptyDraft;
    this.submission = { kind: 'done' };
    const { token: _secret, ...info } = token;
    if (this.tokens.kind === 'loaded') this.tokens = { kind: 'loaded', value: [info, ...this.tokens.value] };
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
      this.set({ kind: 'loaded', value: await this.account.tokens() });
    } catch (error) {
      this.set({ kind: 'failed', message: apiFailureMessage(error) });
    }
  }

  async create(): Promise<void> {
    if (!this.canCreate) return;
    const { name, scopes, expiresInDays } = this.draft;
    this.setSubmission({ kind: 'busy' });
    try {
      this.tokenCreated(await this.account.createToken({ name: name.trim(), scopes, ...(expiresInDays === undefined ? {} : { expiresInDays }) }));
    } catch (error) {
      this.setSubmission({ kind: 'failed', message: apiFailureMessage(error) });
    }
  }

  async revoke(id: string): Promise<void> {
    this.setRevoking(id, true);
    try {
      await this.account.revokeToken(id);
      if (this.tokens.kind === 'loaded') this.set({ kind: 'loaded', value: this.tokens.value.filter((t) => t.id !== id) });
      if (this.created?.id === id) this.dismissCreated();
    } catch (error) {
      this.notifyError(apiFailureMessage(error));
    } finally {
      this.setRevoking(id, false);
    }
  }
}
