import { type Result, err, ok } from '../../../../base/result';
import type { AuditLog } from '../../ports/audit-log.port';
import type { PasswordHasher } from '../../ports/password-hasher.port';
import type { UserRecord, UserRepository } from '../../ports/user-repository.port';
import { type AuthError, authErrors } from './auth.errors';
import type { RequestOrigin } from './principal';
import { RateLimiter } from './rate-limiter';

/** Failed sign-ins allowed per account and per address in a window, then 429 (ADR 0023). */
export const SIGN_IN_FAILURES_PER_ACCOUNT = 10;
export const SIGN_IN_FAILURES_PER_ADDRESS = 50;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export interface PasswordSignInDeps {
  users: UserRepository;
  hasher: PasswordHasher;
  audit: AuditLog;
  now: () => Date;
}

/**
 * Checks a login (a username or an e-mail) and password. Wrong ones are counted per account and per address; past the
 * budget every attempt is refused with 429 until the window passes, right or wrong, so guessing cannot go on. A
 * login without an account costs a hash too, so timing does not tell which logins exist.
 */
export class PasswordSignIn {
  private readonly perAccount = new RateLimiter(SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_WINDOW_MS);
  private readonly perAddress = new RateLimiter(SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_WINDOW_MS);
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: PasswordSignInDeps) {}

  async check(login: string, password: string, origin: RequestOrigin): Promise<Result<UserRecord, AuthError<'invalid-credentials' | 'rate-limited'>>> {
    const now = this.deps.now();
    const account = `login:${login.trim().toLowerCase()}`;
    const address = `ip:${origin.ip ?? 'unknown'}`;
    const wait = Math.max(this.perAccount.retryAfter(account, now.getTime()), this.perAddress.retryAfter(address, now.getTime()));
    if (wait > 0) {
      await this.audit(undefined, login, origin, { reason: 'rate-limited' });
      return err(authErrors.rateLimited(Math.ceil(wait / 1000)));
    }
    const trimmed = login.trim();
    const user = trimmed.includes('@') ? await this.deps.users.byEmail(trimmed) : await this.deps.users.byUsername(trimmed);
    const stored = user?.passwordHash;
    const matches = stored ? await this.deps.hasher.verify(stored, password) : await this.spendAHash(password);
    if (!user || !matches) {
      this.perAccount.record(account, now.getTime());
      this.perAddress.record(address, now.getTime());
      await this.audit(user?.id, login, origin, { reason: 'wrong login or password' });
      return err(authErrors.invalidCredentials());
    }
    this.perAccount.reset(account);
    return ok(user);
  }

  private async spendAHash(password: string): Promise<false> {
    this.dummyHash ??= this.deps.hasher.hash('bullpen: no such account');
    await this.deps.hasher.verify(await this.dummyHash, password);
    return false;
  }

  private audit(userId: string | undefined, login: string, origin: RequestOrigin, details: Record<string, unknown>): Promise<void> {
    return this.deps.audit.record({ at: this.deps.now(), actorUserId: userId, action: 'sign-in-failed', target: login.slice(0, 254), ip: origin.ip, userAgent: origin.userAgent, outcome: 'denied', details: { method: 'password', ...details } });
  }
}
