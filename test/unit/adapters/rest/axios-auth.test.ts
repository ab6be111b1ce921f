import { AddressInfo } from 'node:net';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';
import { ApiRequestError } from '../../../../src/application/ports/api-request-error';
import { AxiosAccount } from '../../../../src/adapters/rest/axios-account.adapter';
import { AxiosAuth } from '../../../../src/adapters/rest/axios-auth.adapter';

interface Seen {
  method: string;
  url: string;
  body: unknown;
  authorization?: string;
  clientType?: string;
}

/** A small HTTP server answering each `METHOD path` from a table, recording what it was sent. */
class FakeApi {
  readonly seen: Seen[] = [];
  answers = new Map<string, { status: number; body?: unknown; raw?: string }>();
  private server!: Server;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req) text += chunk;
    this.seen.push({
      method: req.method!,
      url: req.url!,
      body: text ? JSON.parse(text) : undefined,
      authorization: req.headers.authorization,
      clientType: req.headers['x-client-type'] as string,
    });
    const answer = this.answers.get(`${req.method} ${req.url}`) ?? { status: 404, body: { errors: ['Not found'] } };
    res.statusCode = answer.status;
    if (answer.raw !== undefined) res.end(answer.raw);
    else if (answer.body !== undefined) res.setHeader('content-type', 'application/json').end(JSON.stringify(answer.body));
    else res.end();
  }
}

const user = {
  id: 'u1',
  username: 'ada',
  name: 'Ada',
  email: 'ada@x.test',
  emailVerified: true,
  avatarUrl: null,
  bio: null,
  socialLinks: [],
  provider: 'password',
  siteRole: 'owner',
  hasPassword: true,
  personalWorkspaceId: null,
  primaryWorkspaceId: null,
  insertedAt: '2025-01-01T00:00:00Z',
  integrations: {},
  badges: [],
  featureFlags: {},
};

describe('AxiosAuth and AxiosAccount over HTTP', () => {
  const api = new FakeApi();
  let responses = 0;
  let token: string | undefined;
  const credentials = { devToken: () => token, responseArrived: () => void responses++ };
  let auth: AxiosAuth;
  let account: AxiosAccount;

  beforeAll(() => api.start());
  afterAll(() => api.stop());
  beforeEach(() => {
    api.seen.length = 0;
    api.answers.clear();
    responses = 0;
    token = undefined;
    auth = new AxiosAuth({ origin: api.origin, credentials });
    account = new AxiosAccount({ origin: api.origin, credentials });
  });

  it('calls each auth route with its method, path and body, and reads {data}', async () => {
    api.answers.set('GET /api/meta/features', {
      status: 200,
      body: { data: { loginWithGithub: true, loginWithGoogle: false, loginWithApple: false, loginWithWorkos: true, loginWithPassword: true, signup: 'open' } },
    });
    api.answers.set('GET /api/v1/users/current', { status: 200, body: { data: user } });
    api.answers.set('GET /api/v1/users/pending/p%201', {
      status: 200,
      body: { data: { id: 'p 1', email: 'e', name: null, avatarUrl: null, username: 'ada' } },
    });
    api.answers.set('POST /api/v1/users/finalize', { status: 200, body: { data: user } });
    api.answers.set('DELETE /api/v1/users/signout', { status: 204 });
    api.answers.set('POST /api/v1/auth/password/signup', { status: 201, body: { data: user } });
    api.answers.set('POST /api/v1/auth/password/signin', { status: 200, body: { data: user } });
    api.answers.set('GET /api/v1/auth/workos/initialize?email=ada%40acme.test', { status: 200, body: { data: { redirectUrl: 'https://idp/start' } } });
    api.answers.set('GET /api/v1/auth/auth-token', { status: 200, body: { data: { token: 'one' } } });
    api.answers.set('GET /api/v1/auth/verify/one', { status: 200, body: { data: { token: 'bp_dev' } } });

    expect(await auth.features()).toEqual({
      loginWithGithub: true,
      loginWithGoogle: false,
      loginWithApple: false,
      loginWithWorkos: true,
      loginWithPassword: true,
      signup: 'open',
    });
    expect((await auth.currentUser()).username).toBe('ada');
    expect((await auth.pendingUser('p 1')).username).toBe('ada');
    await auth.finalize('p1', 'ada');
    await auth.signOut();
    await auth.passwordSignUp({ username: 'ada', email: 'ada@x.test', password: 'long enough pass' });
    await auth.passwordSignIn({ login: 'ada', password: 'pw' });
    expect(await auth.ssoInitialize('ada@acme.test')).toBe('https://idp/start');
    expect(await auth.authToken()).toBe('one');
    expect(await auth.verifyToken('one')).toBe('bp_dev');
    expect(api.seen.map((s) => `${s.method} ${s.url}`)).toEqual([...api.answers.keys()]);
    expect(api.seen.find((s) => s.url === '/api/v1/users/finalize')?.body).toEqual({ id: 'p1', username: 'ada' });
    expect(api.seen.find((s) => s.url === '/api/v1/auth/password/signin')?.body).toEqual({ login: 'ada', password: 'pw' });
    expect(api.seen.every((s) => s.clientType === 'bullpen-web' && s.authorization === undefined)).toBe(true);
    expect(responses).toBe(api.seen.length);
    expect(auth.popupUrl('/auth/github?version=2')).toBe('/api/v1/auth/github?version=2');
  });

  it('calls each account route', async () => {
    const session = { id: 's1', current: true, ip: '127.0.0.1', userAgent: 'x', createdAt: 'a', lastSeenAt: 'b', expiresAt: 'c' };
    const tokenInfo = { id: 't1', prefix: 'bp_t1_', name: 'ci', kind: 'personal', scopes: ['sandbox_read'], createdAt: 'a', expiresAt: null, lastUsedAt: null };
    api.answers.set('PATCH /api/v1/users/current', { status: 200, body: { data: { ...user, bio: 'hi' } } });
    api.answers.set('GET /api/v1/users/available/ada', { status: 200, body: { data: { available: false } } });
    api.answers.set('GET /api/v1/users/current/sessions', { status: 200, body: { data: [session] } });
    api.answers.set('DELETE /api/v1/users/current/sessions/s1', { status: 204 });
    api.answers.set('GET /api/v1/users/current/tokens', { status: 200, body: { data: [tokenInfo] } });
    api.answers.set('POST /api/v1/users/current/tokens', { status: 201, body: { data: { ...tokenInfo, token: 'bp_t1_secret' } } });
    api.answers.set('DELETE /api/v1/users/current/tokens/t1', { status: 200, body: { data: {} } });
    api.answers.set('GET /api/v1/users/current/notification_preferences', { status: 200, body: { data: { emailMarketing: true } } });
    api.answers.set('PATCH /api/v1/users/current/notification_preferences', { status: 200, body: { data: { emailMarketing: false, emailTeamInvite: true } } });
    api.answers.set('POST /api/v1/users/current/password', { status: 204 });
    api.answers.set('DELETE /api/v1/users/current', { status: 204 });

    expect((await account.updateProfile({ bio: 'hi' })).bio).toBe('hi');
    expect(await account.usernameAvailable('ada')).toBe(false);
    expect(await account.sessions()).toEqual([session]);
    await account.revokeSession('s1');
    expect(await account.tokens()).toEqual([tokenInfo]);
    expect((await account.createToken({ name: 'ci', scopes: ['sandbox_read'], expiresInDays: 30 })).token).toBe('bp_t1_secret');
    await account.revokeToken('t1');
    expect((await account.notificationPreferences()).emailMarketing).toBe(true);
    expect(await account.updateNotificationPreferences({ emailMarketing: false, emailTeamInvite: true })).toMatchObject({
      emailMarketing: false,
      emailTeamInvite: true,
      emailCommentReply: false,
    });
    await account.changePassword({ newPassword: 'a new password' });
    await account.deleteAccount('ada');
    expect(api.seen.map((s) => `${s.method} ${s.url}`)).toEqual([...api.answers.keys()]);
    expect(api.seen.find((s) => s.method === 'DELETE' && s.url === '/api/v1/users/current')?.body).toEqual({ confirm: 'ada' });
    expect(api.seen.find((s) => s.method === 'POST' && s.url === '/api/v1/users/current/tokens')?.body).toEqual({
      name: 'ci',
      scopes: ['sandbox_read'],
      expiresInDays: 30,
    });
  });

  it('sends a held dev token as a bearer token', async () => {
    token = 'bp_dev';
    api.answers.set('GET /api/v1/users/current', { status: 200, body: { data: user } });
    await auth.currentUser();
    expect(api.seen[0]!.authorization).toBe('Bearer bp_dev');
  });

  it('fails by the error model of spec 000 §8, with ApiRequestErrors only', async () => {
    api.answers.set('GET /api/v1/users/current', { status: 401, body: { errors: ['Not signed in'] } });
    api.answers.set('GET /api/v1/auth/workos/initialize?email=a%40b.c', { status: 422, body: { errors: ['No organisation for b.c'] } });
    api.answers.set('GET /api/v1/auth/auth-token', { status: 502, raw: '<html>Bad gateway</html>' });
    api.answers.set('GET /api/v1/auth/verify/x', { status: 500, body: { oops: true } });
    await expect(auth.currentUser()).rejects.toEqual(new ApiRequestError(401, 'Not signed in'));
    const sso = await auth.ssoInitialize('a@b.c').catch((e: unknown) => e);
    expect(sso).toBeInstanceOf(ApiRequestError);
    expect(sso).toMatchObject({ status: 422, message: 'No organisation for b.c' });
    await expect(auth.pendingUser('gone')).rejects.toMatchObject({ status: 404, type: 'NOT_FOUND' });
    await expect(auth.authToken()).rejects.toMatchObject({ status: 502, message: expect.stringMatching(/auth-token.*Bad gateway/) });
    await expect(auth.verifyToken('x')).rejects.toMatchObject({ status: 500, message: 'Unknown error' });
    expect(responses).toBe(5);
  });

  it('a call that gets no answer fails with status 0 and its reason', async () => {
    const offline = new AxiosAuth({ origin: 'http://127.0.0.1:9', credentials });
    const error = await offline.currentUser().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, message: expect.stringMatching(/ECONNREFUSED/) });
  });
});
