import { KyselyApiTokenRepository } from '../../../src/server/adapters/db/kysely-api-token-repository';
import { KyselyAuditLog } from '../../../src/server/adapters/db/kysely-audit-log';
import { KyselyOneTimeTokenRepository } from '../../../src/server/adapters/db/kysely-one-time-token-repository';
import { KyselySessionRepository } from '../../../src/server/adapters/db/kysely-session-repository';
import { KyselyTeamRepository } from '../../../src/server/adapters/db/kysely-team-repository';
import { KyselyUserRepository } from '../../../src/server/adapters/db/kysely-user-repository';
import { ENGINES } from './support/scratch-database';
import { useMigratedDatabase } from './support/migrated-database';

jest.setTimeout(60_000);

const at = (iso: string) => new Date(iso);

/** The account repositories' contract: every adapter of each port (here the Kysely ones) on PGlite and PostgreSQL. */
describe.each(ENGINES)('account repositories on %s', (engine) => {
  const database = useMigratedDatabase(engine);
  const users = () => new KyselyUserRepository(database.current.db);

  describe('UserRepository', () => {
    it('creates a person and finds them by id, username and e-mail, case-insensitively', async () => {
      const created = await users().create({ id: 'u-ada', username: 'Ada', email: 'Ada@Example.com', name: 'Ada Lovelace', passwordHash: 'hash' });
      expect(created.ok).toBe(true);
      const ada = created.ok ? created.value : undefined;
      expect(ada).toMatchObject({ id: 'u-ada', username: 'Ada', email: 'Ada@Example.com', emailVerified: false, siteRole: 'member', socialLinks: [], notificationPreferences: {} });
      expect(ada?.createdAt).toBeInstanceOf(Date);
      expect((await users().byId('u-ada'))?.username).toBe('Ada');
      expect((await users().byUsername('aDA'))?.id).toBe('u-ada');
      expect((await users().byEmail('ada@EXAMPLE.com'))?.id).toBe('u-ada');
      expect(await users().byUsername('nobody')).toBeUndefined();
    });

    it('refuses a username or e-mail someone has, whatever the case', async () => {
      expect(await users().create({ id: 'u-x', username: 'ADA' })).toEqual({ ok: false, error: 'username-taken' });
      expect(await users().create({ id: 'u-y', username: 'other', email: 'ada@example.com' })).toEqual({ ok: false, error: 'email-taken' });
    });

    it('updates the profile, settings and preferences, and refuses a taken username', async () => {
      await users().create({ id: 'u-grace', username: 'grace' });
      const updated = await users().update('u-grace', { name: 'Grace Hopper', bio: 'COBOL', socialLinks: ['https://example.com/grace'], notificationPreferences: { emailMarketing: false }, editorSettings: { fontSize: 16 } });
      expect(updated.ok && updated.value).toMatchObject({ name: 'Grace Hopper', bio: 'COBOL', socialLinks: ['https://example.com/grace'], notificationPreferences: { emailMarketing: false }, editorSettings: { fontSize: 16 } });
      expect((await users().update('u-grace', { editorSettings: null })).ok && (await users().byId('u-grace'))?.editorSettings).toBeUndefined();
      expect(await users().update('u-grace', { username: 'ada' })).toEqual({ ok: false, error: 'username-taken' });
      expect(await users().update('nobody', { name: 'x' })).toEqual({ ok: false, error: 'not-found' });
    });

    it('knows the owner and how many people there are', async () => {
      expect(await users().owner()).toBeUndefined();
      await users().create({ id: 'u-owner', username: 'owner', siteRole: 'owner' });
      expect((await users().owner())?.id).toBe('u-owner');
      expect(await users().count()).toBe(3);
    });

    it('links provider identities to a person', async () => {
      await users().linkIdentity({ provider: 'github', subject: '42', userId: 'u-ada', email: 'ada@example.com' });
      expect(await users().identity('github', '42')).toEqual({ provider: 'github', subject: '42', userId: 'u-ada', email: 'ada@example.com' });
      expect(await users().identity('github', '43')).toBeUndefined();
      expect((await users().identitiesOf('u-ada')).map((i) => i.provider)).toEqual(['github']);
    });
  });

  describe('SessionRepository', () => {
    const sessions = () => new KyselySessionRepository(database.current.db);
    it('creates, finds, touches and lists active sessions newest first', async () => {
      await sessions().create({ id: 's1', userId: 'u-ada', secretHash: 'h1', ip: '127.0.0.1', userAgent: 'test', createdAt: at('2026-01-01T00:00:00Z'), expiresAt: at('2026-01-31T00:00:00Z') });
      await sessions().create({ id: 's2', userId: 'u-ada', secretHash: 'h2', ip: undefined, userAgent: undefined, createdAt: at('2026-01-02T00:00:00Z'), expiresAt: at('2026-02-01T00:00:00Z') });
      await sessions().create({ id: 's-old', userId: 'u-ada', secretHash: 'h3', ip: undefined, userAgent: undefined, createdAt: at('2025-01-02T00:00:00Z'), expiresAt: at('2025-02-01T00:00:00Z') });
      expect(await sessions().byId('s1')).toMatchObject({ id: 's1', userId: 'u-ada', secretHash: 'h1', ip: '127.0.0.1', revokedAt: undefined });
      await sessions().touch('s1', at('2026-01-03T00:00:00Z'));
      expect((await sessions().byId('s1'))?.lastSeenAt.toISOString()).toBe('2026-01-03T00:00:00.000Z');
      expect((await sessions().activeOf('u-ada', at('2026-01-10T00:00:00Z'))).map((s) => s.id)).toEqual(['s2', 's1']);
    });
    it("revokes one of the person's sessions (not someone else's), or all but one", async () => {
      expect(await sessions().revoke('u-grace', 's1', at('2026-01-05T00:00:00Z'))).toBe(false);
      expect(await sessions().revoke('u-ada', 's1', at('2026-01-05T00:00:00Z'))).toBe(true);
      expect(await sessions().revoke('u-ada', 's1', at('2026-01-05T00:00:00Z'))).toBe(false);
      expect((await sessions().byId('s1'))?.revokedAt?.toISOString()).toBe('2026-01-05T00:00:00.000Z');
      await sessions().create({ id: 's3', userId: 'u-ada', secretHash: 'h4', ip: undefined, userAgent: undefined, createdAt: at('2026-01-06T00:00:00Z'), expiresAt: at('2026-02-06T00:00:00Z') });
      expect(await sessions().revokeAllOf('u-ada', at('2026-01-07T00:00:00Z'), 's3')).toBe(2);
      expect((await sessions().activeOf('u-ada', at('2026-01-10T00:00:00Z'))).map((s) => s.id)).toEqual(['s3']);
    });
  });

  describe('ApiTokenRepository', () => {
    const tokens = () => new KyselyApiTokenRepository(database.current.db);
    it('creates tokens with scopes and expiry, lists the active ones, touches and revokes', async () => {
      await tokens().create({ id: 't1', userId: 'u-ada', name: 'ci', kind: 'personal', secretHash: 'x1', scopes: ['sandbox_read'], createdAt: at('2026-01-01T00:00:00Z'), expiresAt: undefined });
      await tokens().create({ id: 't2', userId: 'u-ada', name: 'short', kind: 'personal', secretHash: 'x2', scopes: [], createdAt: at('2026-01-02T00:00:00Z'), expiresAt: at('2026-01-03T00:00:00Z') });
      expect(await tokens().byId('t1')).toMatchObject({ id: 't1', name: 'ci', kind: 'personal', scopes: ['sandbox_read'], expiresAt: undefined, lastUsedAt: undefined });
      expect((await tokens().activeOf('u-ada', at('2026-01-02T12:00:00Z'))).map((t) => t.id)).toEqual(['t2', 't1']);
      expect((await tokens().activeOf('u-ada', at('2026-01-04T00:00:00Z'))).map((t) => t.id)).toEqual(['t1']);
      await tokens().touch('t1', at('2026-01-05T00:00:00Z'));
      expect((await tokens().byId('t1'))?.lastUsedAt?.toISOString()).toBe('2026-01-05T00:00:00.000Z');
      expect(await tokens().revoke('u-grace', 't1', at('2026-01-06T00:00:00Z'))).toBe(false);
      expect(await tokens().revoke('u-ada', 't1', at('2026-01-06T00:00:00Z'))).toBe(true);
      expect(await tokens().activeOf('u-ada', at('2026-01-06T00:00:00Z'))).toEqual([]);
    });
    it('replaces a token by id, revived and with its new secret', async () => {
      await tokens().create({ id: 't9', userId: 'u-ada', name: 'boot', kind: 'bootstrap', secretHash: 'old', scopes: ['account'], createdAt: at('2026-01-01T00:00:00Z'), expiresAt: undefined });
      await tokens().revoke('u-ada', 't9', at('2026-01-02T00:00:00Z'));
      const replaced = await tokens().replace({ id: 't9', userId: 'u-ada', name: 'boot', kind: 'bootstrap', secretHash: 'new', scopes: ['account', 'vm_manage'], createdAt: at('2026-01-03T00:00:00Z'), expiresAt: undefined });
      expect(replaced).toMatchObject({ id: 't9', secretHash: 'new', scopes: ['account', 'vm_manage'], revokedAt: undefined });
    });
  });

  describe('OneTimeTokenRepository', () => {
    const once = () => new KyselyOneTimeTokenRepository(database.current.db);
    it('is used once, for its purpose, before it expires; of two concurrent uses one wins', async () => {
      const created = at('2026-01-01T00:00:00Z');
      await once().create({ tokenHash: 'a', purpose: 'cli-auth', userId: 'u-ada', createdAt: created, expiresAt: at('2026-01-01T00:10:00Z') });
      expect(await once().consume('a', 'sign-in-link', at('2026-01-01T00:01:00Z'))).toBeUndefined();
      expect(await once().consume('a', 'cli-auth', at('2026-01-01T00:11:00Z'))).toBeUndefined();
      const both = await Promise.all([once().consume('a', 'cli-auth', at('2026-01-01T00:01:00Z')), once().consume('a', 'cli-auth', at('2026-01-01T00:01:00Z'))]);
      expect(both.filter((u) => u === 'u-ada')).toHaveLength(1);
      expect(await once().consume('a', 'cli-auth', at('2026-01-01T00:02:00Z'))).toBeUndefined();
      expect(await once().consume('nope', 'cli-auth', at('2026-01-01T00:02:00Z'))).toBeUndefined();
    });
  });

  describe('AuditLog', () => {
    const audit = () => new KyselyAuditLog(database.current.db);
    it('records entries and lists them newest first, a page at a time', async () => {
      for (const [i, action] of (['sign-in-failed', 'sign-in', 'token-created'] as const).entries()) {
        await audit().record({ at: at(`2026-01-0${i + 1}T00:00:00Z`), actorUserId: i === 0 ? undefined : 'u-ada', action, target: i === 0 ? 'ada' : undefined, ip: '10.0.0.1', userAgent: 'ua', outcome: i === 0 ? 'denied' : 'ok', details: { n: i } });
      }
      const page = await audit().list({ limit: 2 });
      expect(page.map((e) => e.action)).toEqual(['token-created', 'sign-in']);
      expect(page[0]).toMatchObject({ actorUserId: 'u-ada', ip: '10.0.0.1', outcome: 'ok', details: { n: 2 } });
      const next = await audit().list({ limit: 2, before: page[1].at });
      expect(next).toEqual([expect.objectContaining({ action: 'sign-in-failed', actorUserId: undefined, target: 'ada', outcome: 'denied' })]);
    });
  });

  describe('TeamRepository', () => {
    const teams = () => new KyselyTeamRepository(database.current.db);
    it("creates team workspaces, sets members' authorizations and lists a person's teams, personal first", async () => {
      await teams().create({ id: 'team-acme', name: 'Acme', creatorId: 'u-ada', createdAt: at('2026-01-01T00:00:00Z') });
      await teams().create({ id: 'team-ada', name: 'Ada', creatorId: 'u-ada', personalOwnerId: 'u-ada', createdAt: at('2026-01-02T00:00:00Z') });
      await teams().setMember('team-acme', 'u-ada', 'ADMIN', at('2026-01-01T00:00:00Z'));
      await teams().setMember('team-ada', 'u-ada', 'ADMIN', at('2026-01-02T00:00:00Z'));
      await teams().setMember('team-acme', 'u-grace', 'READ', at('2026-01-03T00:00:00Z'));
      await teams().setMember('team-acme', 'u-grace', 'WRITE', at('2026-01-04T00:00:00Z'));
      expect((await teams().membershipsOf('u-ada')).map((m) => [m.team.id, m.authorization, m.team.personalOwnerId])).toEqual([
        ['team-ada', 'ADMIN', 'u-ada'],
        ['team-acme', 'ADMIN', undefined],
      ]);
      expect(await teams().authorizationOf('team-acme', 'u-grace')).toBe('WRITE');
      expect(await teams().authorizationOf('team-acme', 'nobody')).toBeUndefined();
      expect((await teams().byId('team-acme'))?.name).toBe('Acme');
    });
    it('keeps invitations by e-mail, case-insensitively, one per team', async () => {
      await teams().invite({ teamId: 'team-acme', email: 'Linus@Example.com', authorization: 'READ', invitedBy: 'u-ada', at: at('2026-01-05T00:00:00Z') });
      await teams().invite({ teamId: 'team-acme', email: 'linus@example.com', authorization: 'WRITE', invitedBy: 'u-ada', at: at('2026-01-05T00:00:00Z') });
      expect(await teams().invitationsFor('LINUS@example.com')).toEqual([{ teamId: 'team-acme', authorization: 'WRITE' }]);
      await teams().removeInvitation('team-acme', 'linus@EXAMPLE.com');
      expect(await teams().invitationsFor('linus@example.com')).toEqual([]);
    });
  });

  describe('deleting a person', () => {
    it('removes their sessions, tokens and identities with them', async () => {
      expect(await users().delete('u-ada')).toBe(true);
      expect(await users().byId('u-ada')).toBeUndefined();
      expect(await new KyselySessionRepository(database.current.db).byId('s3')).toBeUndefined();
      expect(await new KyselyApiTokenRepository(database.current.db).byId('t2')).toBeUndefined();
      expect(await users().identity('github', '42')).toBeUndefined();
      expect(await users().delete('u-ada')).toBe(false);
    });
  });
});
