import type { CurrentUser, PublicUser } from '../../../../protocol/api/users';
import type { ApiTokenInfo, SessionInfo } from '../../../../protocol/api/auth';
import { apiTokenPrefix } from '../../../../domain/access/credentials';
import type { ApiTokenRecord } from '../../../application/ports/api-token-repository.port';
import type { SessionRecord } from '../../../application/ports/session-repository.port';
import type { Membership } from '../../../application/ports/team-repository.port';
import type { Identity, UserRecord } from '../../../application/ports/user-repository.port';

/** `GET /users/current`'s answer for a person. */
export function currentUserJson(user: UserRecord, identities: Identity[], memberships: Membership[]): CurrentUser {
  const personal = memberships.find((m) => m.team.personalOwnerId === user.id)?.team.id ?? null;
  const primary = memberships.find((m) => m.team.personalOwnerId === undefined)?.team.id ?? personal;
  return {
    id: user.id,
    username: user.username,
    name: user.name ?? null,
    email: user.email ?? null,
    emailVerified: user.emailVerified,
    avatarUrl: user.avatarUrl ?? null,
    bio: user.bio ?? null,
    socialLinks: user.socialLinks,
    provider: identities[0]?.provider ?? 'password',
    siteRole: user.siteRole,
    hasPassword: user.passwordHash !== undefined,
    personalWorkspaceId: personal,
    primaryWorkspaceId: primary,
    insertedAt: user.createdAt.toISOString(),
    integrations: Object.fromEntries(identities.map((i) => [i.provider, { email: i.email ?? null }])),
    badges: [],
    featureFlags: {},
  };
}

export function publicUserJson(user: UserRecord): PublicUser {
  return { id: user.id, username: user.username, name: user.name ?? null, avatarUrl: user.avatarUrl ?? null, bio: user.bio ?? null, socialLinks: user.socialLinks };
}

export function sessionJson(session: SessionRecord, currentId: string | undefined): SessionInfo {
  return {
    id: session.id,
    current: session.id === currentId,
    ip: session.ip ?? null,
    userAgent: session.userAgent ?? null,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  };
}

export function apiTokenJson(token: ApiTokenRecord): ApiTokenInfo {
  return {
    id: token.id,
    prefix: apiTokenPrefix(token.id),
    name: token.name,
    kind: token.kind,
    scopes: token.scopes,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  };
}
