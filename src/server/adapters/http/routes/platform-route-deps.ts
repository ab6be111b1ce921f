import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MetaFeatures } from '../../../../protocol/api/meta';
import type { AccountService } from '../../../application/platform/accounts/account-service';
import type { OwnerBootstrap } from '../../../application/platform/accounts/owner-bootstrap';
import type { ApiTokenService } from '../../../application/platform/auth/api-token-service';
import type { CliLogin } from '../../../application/platform/auth/cli-login';
import type { PasswordSignIn } from '../../../application/platform/auth/password-sign-in';
import type { SessionService } from '../../../application/platform/auth/session-service';
import type { AuditLog } from '../../../application/ports/audit-log.port';
import type { TeamRepository } from '../../../application/ports/team-repository.port';
import type { TokenService } from '../../../application/ports/token-service.port';
import type { UserRecord, UserRepository } from '../../../application/ports/user-repository.port';
import { AuthCookieNames, signedInCookies, signedOutCookies } from '../auth-cookies';
import { appendSetCookie } from '../http-context';
import { currentUserJson } from './user-json';
import type { UploadStore } from '../../../application/ports/upload-store.port';

/** What the account routes use (ADR 0023). */
export interface PlatformRouteDeps {
  sessions: SessionService;
  tokens: ApiTokenService;
  accounts: AccountService;
  passwordSignIn: PasswordSignIn;
  cliLogin: CliLogin;
  owner: OwnerBootstrap;
  users: UserRepository;
  teams: TeamRepository;
  audit: AuditLog;
  signedTokens: TokenService;
  uploads: UploadStore;
  features: () => MetaFeatures;
  cookieNames: () => AuthCookieNames;
  /** Whether cookies for this request must be Secure (it came over https). */
  secure: (request: FastifyRequest) => boolean;
  /** Where a signed-in person lands when nothing else is asked for (the default sandbox). */
  landing: () => string;
}

/** Starts a session for the person and sets its cookies on the reply; answers with the current user. */
export async function signIn(deps: PlatformRouteDeps, request: FastifyRequest, reply: FastifyReply, user: UserRecord, how: string) {
  const { cookieValue } = await deps.sessions.start(user, request.requestOrigin, how);
  appendSetCookie(reply, ...signedInCookies(deps.cookieNames(), cookieValue, deps.secure(request)));
  return currentUser(deps, user);
}

export function clearSession(deps: PlatformRouteDeps, request: FastifyRequest, reply: FastifyReply): void {
  appendSetCookie(reply, ...signedOutCookies(deps.cookieNames(), deps.secure(request)));
}

export async function currentUser(deps: PlatformRouteDeps, user: UserRecord) {
  return currentUserJson(user, await deps.users.identitiesOf(user.id), await deps.teams.membershipsOf(user.id));
}
