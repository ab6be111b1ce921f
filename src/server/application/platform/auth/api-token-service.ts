import { type Result, err, ok } from '../../../../base/result';
import { formatApiToken, parseApiToken } from '../../../../domain/access/credentials';
import type { ApiTokenKind, ApiTokenRecord, ApiTokenRepository } from '../../ports/api-token-repository.port';
import type { AuditLog } from '../../ports/audit-log.port';
import type { Secrets } from '../../ports/secrets.port';
import type { UserRecord, UserRepository } from '../../ports/user-repository.port';
import { type AuthError, authErrors } from './auth.errors';
import type { RequestOrigin } from './principal';

export interface ApiTokenServiceDeps {
  tokens: ApiTokenRepository;
  users: UserRepository;
  secrets: Secrets;
  audit: AuditLog;
  now: () => Date;
}

export interface NewTokenRequest {
  name: string;
  kind: ApiTokenKind;
  scopes: readonly string[];
  expiresAt?: Date;
}

/** The fixed id of the token BULLPEN_BOOTSTRAP_TOKEN becomes: any text, not `bp_…`, so it is found by its digest. */
export const BOOTSTRAP_TOKEN_ID = 'bootstrap0000000';

/** API tokens (ADR 0023): made, listed, used and revoked. A token's secret is returned once, at creation. */
export class ApiTokenService {
  private bootstrapDigest: string | undefined;

  constructor(private readonly deps: ApiTokenServiceDeps) {}

  async create(user: UserRecord, request: NewTokenRequest, origin: RequestOrigin): Promise<{ record: ApiTokenRecord; token: string }> {
    const { secrets, now } = this.deps;
    const at = now();
    const id = secrets.newId();
    const secret = secrets.newSecret();
    const record = await this.deps.tokens.create({
      id,
      userId: user.id,
      name: request.name,
      kind: request.kind,
      secretHash: secrets.digest(secret),
      scopes: [...request.scopes],
      createdAt: at,
      expiresAt: request.expiresAt,
    });
    await this.deps.audit.record({ at, actorUserId: user.id, action: 'token-created', target: id, ip: origin.ip, userAgent: origin.userAgent, outcome: 'ok', details: { kind: request.kind, name: request.name, scopes: request.scopes } });
    return { record, token: formatApiToken({ id, secret }) };
  }

  /**
   * Makes `token` (BULLPEN_BOOTSTRAP_TOKEN) the owner's token of kind bootstrap with every scope, unless it already is:
   * for unattended installs and scripts. Later starts with another value replace it.
   */
  async ensureBootstrap(owner: UserRecord, token: string, scopes: readonly string[]): Promise<void> {
    const { secrets, now } = this.deps;
    this.bootstrapDigest = secrets.digest(token);
    const existing = await this.deps.tokens.byId(BOOTSTRAP_TOKEN_ID);
    if (existing && !existing.revokedAt && existing.userId === owner.id && secrets.sameDigest(existing.secretHash, this.bootstrapDigest)) return;
    if (existing) await this.deps.tokens.revoke(existing.userId, existing.id, now());
    await this.deps.tokens.replace({
      id: BOOTSTRAP_TOKEN_ID,
      userId: owner.id,
      name: 'BULLPEN_BOOTSTRAP_TOKEN',
      kind: 'bootstrap',
      secretHash: this.bootstrapDigest,
      scopes: [...scopes],
      createdAt: now(),
      expiresAt: undefined,
    });
  }

  /** The token and person a bearer value stands for, while the token is neither revoked nor expired. */
  async resolve(bearer: string): Promise<{ token: ApiTokenRecord; user: UserRecord } | undefined> {
    const { secrets, now } = this.deps;
    const parts = parseApiToken(bearer);
    const id = parts?.id ?? (this.bootstrapDigest !== undefined && bearer.length >= 16 ? BOOTSTRAP_TOKEN_ID : undefined);
    if (id === undefined) return undefined;
    const token = await this.deps.tokens.byId(id);
    const at = now();
    if (!token || token.revokedAt || (token.expiresAt && token.expiresAt <= at)) return undefined;
    if (!secrets.sameDigest(secrets.digest(parts ? parts.secret : bearer), token.secretHash)) return undefined;
    const user = await this.deps.users.byId(token.userId);
    if (!user) return undefined;
    if (!token.lastUsedAt || at.getTime() - token.lastUsedAt.getTime() >= 60_000) await this.deps.tokens.touch(token.id, at);
    return { token, user };
  }

  list(userId: string): Promise<ApiTokenRecord[]> {
    return this.deps.tokens.activeOf(userId, this.deps.now());
  }

  async revoke(userId: string, tokenId: string, origin: RequestOrigin): Promise<Result<void, AuthError<'not-found'>>> {
    const at = this.deps.now();
    if (!(await this.deps.tokens.revoke(userId, tokenId, at))) return err(authErrors.notFound('Token'));
    await this.deps.audit.record({ at, actorUserId: userId, action: 'token-revoked', target: tokenId, ip: origin.ip, userAgent: origin.userAgent, outcome: 'ok', details: {} });
    return ok(undefined);
  }

  /** Revokes the token given whole (the command-line login's `DELETE /auth/revoke/{token}`: holding it is the right). */
  async revokeHeld(token: string, origin: RequestOrigin): Promise<Result<void, AuthError<'invalid-token'>>> {
    const held = await this.resolve(token);
    if (!held) return err(authErrors.invalidToken());
    await this.deps.tokens.revoke(held.user.id, held.token.id, this.deps.now());
    await this.deps.audit.record({ at: this.deps.now(), actorUserId: held.user.id, action: 'token-revoked', target: held.token.id, ip: origin.ip, userAgent: origin.userAgent, outcome: 'ok', details: { by: 'holder' } });
    return ok(undefined);
  }
}
