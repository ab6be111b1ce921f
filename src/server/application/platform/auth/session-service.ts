import { formatSessionCookie, parseSessionCookie } from '../../../../domain/access/credentials';
import type { AuditLog } from '../../ports/audit-log.port';
import type { Secrets } from '../../ports/secrets.port';
import type { SessionRecord, SessionRepository } from '../../ports/session-repository.port';
import type { UserRecord, UserRepository } from '../../ports/user-repository.port';
import type { RequestOrigin } from './principal';

/** Spec 000 §9: the signed-in cookie lasts 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's last use is written at most this often. */
export const SESSION_TOUCH_MS = 60 * 1000;

export interface SessionServiceDeps {
  sessions: SessionRepository;
  users: UserRepository;
  secrets: Secrets;
  audit: AuditLog;
  now: () => Date;
}

/** Browser sessions (ADR 0023): made at sign-in, checked on every request, listed and revoked by their owner. */
export class SessionService {
  constructor(private readonly deps: SessionServiceDeps) {}

  /** A new session for the person; the cookie value holds its id and secret (the secret is stored only as a digest). */
  async start(user: UserRecord, origin: RequestOrigin, how: string): Promise<{ session: SessionRecord; cookieValue: string }> {
    const { secrets, sessions, now } = this.deps;
    const at = now();
    const id = secrets.newId();
    const secret = secrets.newSecret();
    const session = await sessions.create({
      id,
      userId: user.id,
      secretHash: secrets.digest(secret),
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 500),
      createdAt: at,
      expiresAt: new Date(at.getTime() + SESSION_TTL_MS),
    });
    await this.deps.audit.record({ at, actorUserId: user.id, action: 'sign-in', target: id, ip: origin.ip, userAgent: origin.userAgent, outcome: 'ok', details: { method: how } });
    return { session, cookieValue: formatSessionCookie({ id, secret }) };
  }

  /** The session and person a cookie value stands for, while the session is neither revoked nor expired. */
  async resolve(cookieValue: string): Promise<{ session: SessionRecord; user: UserRecord } | undefined> {
    const parts = parseSessionCookie(cookieValue);
    if (!parts) return undefined;
    const session = await this.deps.sessions.byId(parts.id);
    const at = this.deps.now();
    if (!session || session.revokedAt || session.expiresAt <= at) return undefined;
    if (!this.deps.secrets.sameDigest(this.deps.secrets.digest(parts.secret), session.secretHash)) return undefined;
    const user = await this.deps.users.byId(session.userId);
    if (!user) return undefined;
    if (at.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) await this.deps.sessions.touch(session.id, at);
    return { session, user };
  }

  /** Signs this session out (the server forgets it at once). */
  async end(userId: string, sessionId: string, origin: RequestOrigin): Promise<void> {
    const at = this.deps.now();
    if (await this.deps.sessions.revoke(userId, sessionId, at)) {
      await this.deps.audit.record({ at, actorUserId: userId, action: 'sign-out', target: sessionId, ip: origin.ip, userAgent: origin.userAgent, outcome: 'ok', details: {} });
    }
  }

  list(userId: string): Promise<SessionRecord[]> {
    return this.deps.sessions.activeOf(userId, this.deps.now());
  }

  /** Revokes one of the person's sessions; false when they have none by that id. */
  async revoke(userId: string, sessionId: string, origin: RequestOrigin): Promise<boolean> {
    const at = this.deps.now();
    const revoked = await this.deps.sessions.revoke(userId, sessionId, at);
    if (revoked) await this.deps.audit.record({ at, actorUserId: userId, action: 'session-revoked', target: sessionId, ip: origin.ip, userAgent: origin.userAgent, outcome: 'ok', details: {} });
    return revoked;
  }

  /** Ends every other session of the person (a changed password, "sign out everywhere else"). */
  async revokeOthers(userId: string, keep: string | undefined, origin: RequestOrigin): Promise<number> {
    const at = this.deps.now();
    const count = await this.deps.sessions.revokeAllOf(userId, at, keep);
    if (count > 0) await this.deps.audit.record({ at, actorUserId: userId, action: 'sessions-revoked', target: undefined, ip: origin.ip, userAgent: origin.userAgent, outcome: 'ok', details: { count } });
    return count;
  }
}
