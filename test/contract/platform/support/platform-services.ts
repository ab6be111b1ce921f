import { Kysely } from 'kysely';
import { Database } from '../../../../src/server/adapters/db/database-schema';
import { KyselyApiTokenRepository } from '../../../../src/server/adapters/db/kysely-api-token-repository';
import { KyselyAuditLog } from '../../../../src/server/adapters/db/kysely-audit-log';
import { KyselyPendingUserRepository } from '../../../../src/server/adapters/db/kysely-pending-user-repository';
import { KyselyOneTimeTokenRepository } from '../../../../src/server/adapters/db/kysely-one-time-token-repository';
import { KyselySessionRepository } from '../../../../src/server/adapters/db/kysely-session-repository';
import { KyselyTeamRepository } from '../../../../src/server/adapters/db/kysely-team-repository';
import { KyselyUserRepository } from '../../../../src/server/adapters/db/kysely-user-repository';
import { Argon2PasswordHasher } from '../../../../src/server/adapters/crypto/argon2-password-hasher';
import { NodeSecrets } from '../../../../src/server/adapters/crypto/node-secrets';
import { AccountService } from '../../../../src/server/application/platform/accounts/account-service';
import { OwnerBootstrap } from '../../../../src/server/application/platform/accounts/owner-bootstrap';
import { ApiTokenService } from '../../../../src/server/application/platform/auth/api-token-service';
import { Authenticator } from '../../../../src/server/application/platform/auth/authenticator';
import { CliLogin } from '../../../../src/server/application/platform/auth/cli-login';
import { PasswordSignIn } from '../../../../src/server/application/platform/auth/password-sign-in';
import { SessionService } from '../../../../src/server/application/platform/auth/session-service';
import { SignupPolicy } from '../../../../src/server/application/platform/auth/signup-policy';

/** A clock the test moves. */
export class TestClock {
  constructor(private at = new Date('2026-06-01T12:00:00Z')) {}
  now = (): Date => new Date(this.at);
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

/** The platform's account services over a real database, as the server wires them. */
export function platformServices(db: Kysely<Database>, options: { signup?: SignupPolicy; clock?: TestClock } = {}) {
  const clock = options.clock ?? new TestClock();
  const now = clock.now;
  const users = new KyselyUserRepository(db);
  const teams = new KyselyTeamRepository(db);
  const audit = new KyselyAuditLog(db);
  const secrets = new NodeSecrets();
  const hasher = new Argon2PasswordHasher();
  const onceTokens = new KyselyOneTimeTokenRepository(db);
  const sessions = new SessionService({ sessions: new KyselySessionRepository(db), users, secrets, audit, now });
  const tokens = new ApiTokenService({ tokens: new KyselyApiTokenRepository(db), users, secrets, audit, now });
  const accounts = new AccountService({ users, pending: new KyselyPendingUserRepository(db), teams, hasher, secrets, audit, now, signup: options.signup ?? 'invite' });
  return {
    clock,
    users,
    teams,
    audit,
    sessions,
    tokens,
    accounts,
    authenticator: new Authenticator(sessions, tokens),
    passwordSignIn: new PasswordSignIn({ users, hasher, audit, now }),
    cliLogin: new CliLogin({ onceTokens, users, tokens, secrets, now, devTokenScopes: ['sandbox_read', 'account'] }),
    owner: new OwnerBootstrap({ users, teams, accounts, onceTokens, secrets, now }),
  };
}
