import { ENGINES } from '../db/support/scratch-database';
import { useMigratedDatabase } from '../db/support/migrated-database';
import { platformServices } from './support/platform-services';

jest.setTimeout(60_000);

const origin = { ip: '203.0.113.7', userAgent: 'jest' };

describe.each(ENGINES)('account services on %s', (engine) => {
  const database = useMigratedDatabase(engine);
  let s: ReturnType<typeof platformServices>;
  beforeAll(() => {
    s = platformServices(database.current.db);
  });

  describe('the owner (first start)', () => {
    it('is made once with a personal workspace and the default team they administer; later starts find them', async () => {
      const first = await s.owner.ensureOwner();
      expect(first.user).toMatchObject({ username: 'owner', siteRole: 'owner' });
      const again = await s.owner.ensureOwner();
      expect(again).toEqual(first);
      const memberships = await s.teams.membershipsOf(first.user.id);
      expect(memberships.map((m) => [m.team.personalOwnerId === first.user.id, m.team.name, m.authorization])).toEqual([
        [true, 'Owner', 'ADMIN'],
        [false, 'Default workspace', 'ADMIN'],
      ]);
      expect(first.defaultTeamId).toBe(memberships[1].team.id);
    });
    it('gets a sign-in link that works once, within 24 hours', async () => {
      const { user } = await s.owner.ensureOwner();
      const link = await s.owner.signInLinkToken(user);
      expect((await s.owner.redeemSignInLink(link))?.id).toBe(user.id);
      expect(await s.owner.redeemSignInLink(link)).toBeUndefined();
      const late = await s.owner.signInLinkToken(user);
      s.clock.advance(24 * 60 * 60 * 1000 + 1);
      expect(await s.owner.redeemSignInLink(late)).toBeUndefined();
    });
  });

  describe('sign-up by policy', () => {
    it("'invite' refuses an e-mail no team invited, and takes an invited one into its team at the invited role", async () => {
      const refused = await s.accounts.signUp({ username: 'mallory', email: 'mallory@example.com', emailVerified: false, password: 'long enough password' }, origin);
      expect(refused).toEqual({ ok: false, error: expect.objectContaining({ kind: 'signup-invite-only' }) });
      const { defaultTeamId, user: owner } = await s.owner.ensureOwner();
      await s.teams.invite({ teamId: defaultTeamId, email: 'Ada@Example.com', authorization: 'WRITE', invitedBy: owner.id, at: s.clock.now() });
      const ada = await s.accounts.signUp({ username: 'ada', email: 'ada@example.com', emailVerified: false, password: 'correct horse battery' }, origin);
      expect(ada.ok).toBe(true);
      const id = ada.ok ? ada.value.id : '';
      expect(await s.teams.authorizationOf(defaultTeamId, id)).toBe('WRITE');
      expect(await s.teams.invitationsFor('ada@example.com')).toEqual([]);
      expect((await s.teams.membershipsOf(id))[0].team.personalOwnerId).toBe(id);
      expect((await s.users.byId(id))?.passwordHash).toMatch(/^\$argon2id\$/);
    });
    it("'open' lets anyone, 'closed' nobody; a taken username or e-mail is refused", async () => {
      const open = platformServices(database.current.db, { signup: 'open', clock: s.clock });
      expect((await open.accounts.signUp({ username: 'grace', email: 'grace@example.com', emailVerified: true }, origin)).ok).toBe(true);
      expect(await open.accounts.signUp({ username: 'GRACE', email: 'other@example.com', emailVerified: true }, origin)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'username-taken' }) });
      expect(await open.accounts.signUp({ username: 'grace2', email: 'Grace@example.com', emailVerified: true }, origin)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'email-taken' }) });
      const closed = platformServices(database.current.db, { signup: 'closed', clock: s.clock });
      expect(await closed.accounts.signUp({ username: 'linus', email: 'linus@example.com', emailVerified: true }, origin)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'signup-closed' }) });
    });
  });

  describe('password sign-in', () => {
    it('accepts the username or the e-mail with the right password', async () => {
      expect((await s.passwordSignIn.check('ada', 'correct horse battery', origin)).ok).toBe(true);
      expect((await s.passwordSignIn.check('ADA@example.com', 'correct horse battery', origin)).ok).toBe(true);
    });
    it('refuses a wrong password or an unknown login with the same text, and audits both', async () => {
      const wrong = await s.passwordSignIn.check('ada', 'wrong', origin);
      const unknown = await s.passwordSignIn.check('nobody', 'wrong', origin);
      expect(wrong).toEqual({ ok: false, error: { kind: 'invalid-credentials', message: 'Wrong username, e-mail or password' } });
      expect(unknown).toEqual(wrong);
      const entries = await s.audit.list({ limit: 2 });
      expect(entries.map((e) => [e.action, e.target, e.outcome, e.ip])).toEqual([
        ['sign-in-failed', 'nobody', 'denied', origin.ip],
        ['sign-in-failed', 'ada', 'denied', origin.ip],
      ]);
    });
    it('refuses every attempt on an account after 10 failures in 15 minutes, the right password too, then lets it in again', async () => {
      const elsewhere = { ip: '198.51.100.1', userAgent: 'jest' };
      for (let i = 0; i < 9; i++) await s.passwordSignIn.check('ada', 'wrong', elsewhere);
      const limited = await s.passwordSignIn.check('ada', 'correct horse battery', elsewhere);
      expect(limited.ok).toBe(false);
      expect(!limited.ok && limited.error.kind).toBe('rate-limited');
      expect(!limited.ok && limited.error.retryAfterSeconds).toBeGreaterThan(0);
      s.clock.advance(15 * 60 * 1000 + 1);
      expect((await s.passwordSignIn.check('ada', 'correct horse battery', elsewhere)).ok).toBe(true);
    });
  });

  describe('sessions', () => {
    it('start with a cookie value that resolves to the person, until signed out', async () => {
      const ada = (await s.users.byUsername('ada'))!;
      const { cookieValue, session } = await s.sessions.start(ada, origin, 'password');
      expect(cookieValue).toMatch(/^[a-z2-7]{16}\.[A-Za-z0-9_-]{43}$/);
      expect(await s.authenticator.authenticate({ sessionCookie: cookieValue })).toEqual({
        kind: 'authenticated',
        principal: { kind: 'user', user: expect.objectContaining({ id: ada.id }), credential: { kind: 'session', sessionId: session.id } },
        staleSession: false,
      });
      // The stored row holds a digest, not the secret.
      expect(session.secretHash).not.toContain(cookieValue.split('.')[1]);
      await s.sessions.end(ada.id, session.id, origin);
      expect(await s.authenticator.authenticate({ sessionCookie: cookieValue })).toEqual({ kind: 'authenticated', principal: { kind: 'anonymous' }, staleSession: true });
    });
    it('refuse a tampered or appended cookie, and expire after 30 days', async () => {
      const ada = (await s.users.byUsername('ada'))!;
      const { cookieValue } = await s.sessions.start(ada, origin, 'password');
      const [id, secret] = cookieValue.split('.');
      for (const bad of [`${cookieValue}.extra`, `${id}.${secret.slice(0, -1)}A`, `${id}x.${secret}`, '']) {
        const result = await s.authenticator.authenticate({ sessionCookie: bad });
        expect(result.kind === 'authenticated' && result.principal.kind).toBe('anonymous');
      }
      s.clock.advance(30 * 24 * 60 * 60 * 1000 + 1);
      expect(await s.sessions.resolve(cookieValue)).toBeUndefined();
    });
    it("'sign out everywhere else' keeps the current session only", async () => {
      const ada = (await s.users.byUsername('ada'))!;
      const a = await s.sessions.start(ada, origin, 'password');
      const b = await s.sessions.start(ada, origin, 'password');
      await s.sessions.revokeOthers(ada.id, b.session.id, origin);
      expect(await s.sessions.resolve(a.cookieValue)).toBeUndefined();
      expect((await s.sessions.list(ada.id)).map((x) => x.id)).toEqual([b.session.id]);
    });
  });

  describe('API tokens', () => {
    it('work as bearer tokens with their scopes until revoked; the secret is shown once and stored as a digest', async () => {
      const ada = (await s.users.byUsername('ada'))!;
      const { token, record } = await s.tokens.create(ada, { name: 'ci', kind: 'personal', scopes: ['sandbox_read'] }, origin);
      expect(token).toMatch(new RegExp(`^bp_${record.id}_[A-Za-z0-9_-]{43}$`));
      expect(record.secretHash).not.toContain(token.slice(-43));
      const used = await s.authenticator.authenticate({ authorization: `Bearer ${token}` });
      expect(used.kind === 'authenticated' && used.principal).toEqual({ kind: 'user', user: expect.objectContaining({ id: ada.id }), credential: { kind: 'api-token', tokenId: record.id, tokenKind: 'personal', scopes: ['sandbox_read'] } });
      expect(await s.authenticator.authenticate({ authorization: `Bearer ${token}.extra` })).toEqual({ kind: 'invalid-bearer' });
      expect(await s.authenticator.authenticate({ authorization: 'Bearer nope' })).toEqual({ kind: 'invalid-bearer' });
      expect(await s.authenticator.authenticate({ authorization: `Basic ${token}` })).toEqual({ kind: 'invalid-bearer' });
      expect((await s.tokens.revoke(ada.id, record.id, origin)).ok).toBe(true);
      expect(await s.authenticator.authenticate({ authorization: `Bearer ${token}` })).toEqual({ kind: 'invalid-bearer' });
    });
    it('expire when they say so', async () => {
      const ada = (await s.users.byUsername('ada'))!;
      const { token } = await s.tokens.create(ada, { name: 'short', kind: 'personal', scopes: ['account'], expiresAt: new Date(s.clock.now().getTime() + 1000) }, origin);
      expect((await s.tokens.resolve(token))?.user.id).toBe(ada.id);
      s.clock.advance(1001);
      expect(await s.tokens.resolve(token)).toBeUndefined();
    });
    it('BULLPEN_BOOTSTRAP_TOKEN becomes the owner\'s token; another value replaces it', async () => {
      const { user: owner } = await s.owner.ensureOwner();
      await s.tokens.ensureBootstrap(owner, 'a-bootstrap-token-for-scripts', ['account', 'vm_manage']);
      expect((await s.tokens.resolve('a-bootstrap-token-for-scripts'))?.user.id).toBe(owner.id);
      await s.tokens.ensureBootstrap(owner, 'another-bootstrap-token-value', ['account']);
      expect(await s.tokens.resolve('a-bootstrap-token-for-scripts')).toBeUndefined();
      expect((await s.tokens.resolve('another-bootstrap-token-value'))?.token.scopes).toEqual(['account']);
    });
  });

  describe('command-line login', () => {
    it('exchanges the token shown on /cli/login once for a dev token, which its holder can revoke', async () => {
      const ada = (await s.users.byUsername('ada'))!;
      const once = await s.cliLogin.issue(ada);
      const verified = await s.cliLogin.verify(once, origin);
      expect(verified.ok).toBe(true);
      const devToken = verified.ok ? verified.value : '';
      expect((await s.tokens.resolve(devToken))?.token).toMatchObject({ kind: 'cli', name: 'Command-line login' });
      expect(await s.cliLogin.verify(once, origin)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'invalid-token' }) });
      expect((await s.tokens.revokeHeld(devToken, origin)).ok).toBe(true);
      expect(await s.tokens.resolve(devToken)).toBeUndefined();
    });
    it('refuses an address that keeps guessing (429)', async () => {
      const guesser = { ip: '192.0.2.99', userAgent: 'jest' };
      for (let i = 0; i < 20; i++) await s.cliLogin.verify(`guess-${i}`, guesser);
      const ada = (await s.users.byUsername('ada'))!;
      const limited = await s.cliLogin.verify(await s.cliLogin.issue(ada), guesser);
      expect(!limited.ok && limited.error.kind).toBe('rate-limited');
    });
  });

  describe('account changes', () => {
    it('a password change needs the current one when there is one', async () => {
      const ada = (await s.users.byUsername('ada'))!;
      expect(await s.accounts.changePassword(ada, 'wrong', 'a brand new password', origin)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'wrong-password' }) });
      expect((await s.accounts.changePassword(ada, 'correct horse battery', 'a brand new password', origin)).ok).toBe(true);
      expect((await s.passwordSignIn.check('ada', 'a brand new password', { ip: '10.9.9.9', userAgent: undefined })).ok).toBe(true);
    });
    it('deleting an account needs the username typed, and the owner cannot delete theirs', async () => {
      const grace = (await s.users.byUsername('grace'))!;
      expect(await s.accounts.delete(grace, 'Grace', origin)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'confirmation-mismatch' }) });
      expect((await s.accounts.delete(grace, 'grace', origin)).ok).toBe(true);
      expect(await s.users.byUsername('grace')).toBeUndefined();
      const { user: owner } = await s.owner.ensureOwner();
      expect((await s.accounts.delete(owner, owner.username, origin)).ok).toBe(false);
    });
  });
});
