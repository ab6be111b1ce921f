import { ContainerModule, interfaces } from 'inversify';
import { TOKEN_SCOPES } from '../../protocol/api/auth';
import { ApiTokenRepository } from '../application/ports/api-token-repository.port';
import { AuditLog } from '../application/ports/audit-log.port';
import { OneTimeTokenRepository } from '../application/ports/one-time-token-repository.port';
import { PasswordHasher } from '../application/ports/password-hasher.port';
import { PendingUserRepository } from '../application/ports/pending-user-repository.port';
import { Secrets } from '../application/ports/secrets.port';
import { SessionRepository } from '../application/ports/session-repository.port';
import { TeamRepository } from '../application/ports/team-repository.port';
import { UserRepository } from '../application/ports/user-repository.port';
import { AccountService } from '../application/platform/accounts/account-service';
import { OwnerBootstrap } from '../application/platform/accounts/owner-bootstrap';
import { ApiTokenService } from '../application/platform/auth/api-token-service';
import { Authenticator } from '../application/platform/auth/authenticator';
import { CliLogin } from '../application/platform/auth/cli-login';
import { PasswordSignIn } from '../application/platform/auth/password-sign-in';
import { SessionService } from '../application/platform/auth/session-service';
import { Argon2PasswordHasher } from '../adapters/crypto/argon2-password-hasher';
import { NodeSecrets } from '../adapters/crypto/node-secrets';
import { BullpenConfig } from '../config';
import { Now } from './tokens';

const singleton = <T>(bind: interfaces.Bind, token: interfaces.ServiceIdentifier<T>, make: (get: <S>(id: interfaces.ServiceIdentifier<S>) => S) => T) =>
  bind<T>(token)
    .toDynamicValue((ctx) => make((id) => ctx.container.get(id)))
    .inSingletonScope();

/** People, sign-in, sessions and tokens (ADR 0023): the account use cases over the repositories. */
export function platformModule(config: BullpenConfig): ContainerModule {
  return new ContainerModule((bind) => {
    bind<Now>(Now).toConstantValue(() => new Date());
    bind<Secrets>(Secrets).toConstantValue(new NodeSecrets());
    bind<PasswordHasher>(PasswordHasher).toConstantValue(new Argon2PasswordHasher());
    const common = (get: <S>(id: interfaces.ServiceIdentifier<S>) => S) => ({ users: get<UserRepository>(UserRepository), secrets: get<Secrets>(Secrets), audit: get<AuditLog>(AuditLog), now: get<Now>(Now) });
    singleton(bind, SessionService, (get) => new SessionService({ ...common(get), sessions: get<SessionRepository>(SessionRepository) }));
    singleton(bind, ApiTokenService, (get) => new ApiTokenService({ ...common(get), tokens: get<ApiTokenRepository>(ApiTokenRepository) }));
    singleton(bind, Authenticator, (get) => new Authenticator(get(SessionService), get(ApiTokenService)));
    singleton(bind, PasswordSignIn, (get) => new PasswordSignIn({ ...common(get), hasher: get<PasswordHasher>(PasswordHasher) }));
    singleton(bind, AccountService, (get) => new AccountService({ ...common(get), pending: get<PendingUserRepository>(PendingUserRepository), teams: get<TeamRepository>(TeamRepository), hasher: get<PasswordHasher>(PasswordHasher), signup: config.signup }));
    singleton(bind, CliLogin, (get) => new CliLogin({ ...common(get), onceTokens: get<OneTimeTokenRepository>(OneTimeTokenRepository), tokens: get(ApiTokenService), devTokenScopes: TOKEN_SCOPES }));
    singleton(bind, OwnerBootstrap, (get) => new OwnerBootstrap({ ...common(get), teams: get<TeamRepository>(TeamRepository), accounts: get(AccountService), onceTokens: get<OneTimeTokenRepository>(OneTimeTokenRepository) }));
  });
}
