import { type Result, err, ok } from '../../../../base/result';
import type { OneTimeTokenRepository } from '../../ports/one-time-token-repository.port';
import type { Secrets } from '../../ports/secrets.port';
import type { UserRecord, UserRepository } from '../../ports/user-repository.port';
import { ApiTokenService } from './api-token-service';
import { type AuthError, authErrors } from './auth.errors';
import type { RequestOrigin } from './principal';
import { RateLimiter } from './rate-limiter';

/** How long the token shown on /cli/login may be exchanged. */
export const CLI_AUTH_TOKEN_TTL_MS = 10 * 60 * 1000;
/** Failed exchanges allowed per address in a window, then 429. */
export const CLI_VERIFY_FAILURES_PER_ADDRESS = 20;
export const CLI_VERIFY_WINDOW_MS = 15 * 60 * 1000;

export interface CliLoginDeps {
  onceTokens: OneTimeTokenRepository;
  users: UserRepository;
  tokens: ApiTokenService;
  secrets: Secrets;
  now: () => Date;
  /** The scopes a dev token gets: what the person may do themselves. */
  devTokenScopes: readonly string[];
}

/**
 * Command-line login (spec 000 §4, §7; ADR 0023): the signed-in person gets a one-time token on /cli/login, pastes it
 * into the tool, which exchanges it once for a long-lived dev token (an API token of kind `cli`); the tool can revoke
 * that dev token.
 */
export class CliLogin {
  private readonly failures = new RateLimiter(CLI_VERIFY_FAILURES_PER_ADDRESS, CLI_VERIFY_WINDOW_MS);

  constructor(private readonly deps: CliLoginDeps) {}

  async issue(user: UserRecord): Promise<string> {
    const { secrets, now } = this.deps;
    const token = secrets.newSecret();
    const at = now();
    await this.deps.onceTokens.create({ tokenHash: secrets.digest(token), purpose: 'cli-auth', userId: user.id, createdAt: at, expiresAt: new Date(at.getTime() + CLI_AUTH_TOKEN_TTL_MS) });
    return token;
  }

  async verify(token: string, origin: RequestOrigin): Promise<Result<string, AuthError<'invalid-token' | 'rate-limited'>>> {
    const at = this.deps.now();
    const address = `ip:${origin.ip ?? 'unknown'}`;
    const wait = this.failures.retryAfter(address, at.getTime());
    if (wait > 0) return err(authErrors.rateLimited(Math.ceil(wait / 1000)));
    const userId = token.length > 200 ? undefined : await this.deps.onceTokens.consume(this.deps.secrets.digest(token), 'cli-auth', at);
    const user = userId === undefined ? undefined : await this.deps.users.byId(userId);
    if (!user) {
      this.failures.record(address, at.getTime());
      return err(authErrors.invalidToken());
    }
    const created = await this.deps.tokens.create(user, { name: 'Command-line login', kind: 'cli', scopes: this.deps.devTokenScopes }, origin);
    return ok(created.token);
  }
}
