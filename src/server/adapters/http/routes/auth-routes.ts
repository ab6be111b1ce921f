import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PasswordSignInRequest, PasswordSignUpRequest } from '../../../../protocol/api/users';
import { SsoInitializeQuery } from '../../../../protocol/api/auth';
import { authErrors } from '../../../application/platform/auth/auth.errors';
import { fail, failWith, parseInput, signedInUser } from '../http-context';
import { PlatformRouteDeps, clearSession, signIn } from './platform-route-deps';

/** How long a JWT from `GET /auth/jwt` lasts. */
export const JWT_TTL_SECONDS = 60 * 60;
export const NO_SSO_ORGANISATION = 'No organisation signs in with SSO for this e-mail domain';

const TokenParam = z.strictObject({ token: z.string().min(1).max(512) });
const LinkQuery = z.object({ next: z.string().max(2048).optional() });

/** Only a path of this site: `/x…`, not `//host` or `/\host` (no open redirect through `next`). */
export const isLocalPath = (value: string): boolean => /^\/(?![/\\])[\x21-\x7e]*$/.test(value);

/**
 * Sign-in, sign-up and sign-out, the command-line login and JWTs (spec 000 §7 "Auth"; ADR 0023), under /api/v1, and
 * the owner's one-time sign-in link page.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: PlatformRouteDeps): void {
  app.post('/api/v1/auth/password/signup', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    if (!deps.features().loginWithPassword) return fail(reply, 404, 'Not found');
    const body = parseInput(PasswordSignUpRequest, request.body, reply);
    if (!body) return reply;
    const created = await deps.accounts.signUp({ username: body.username, email: body.email, emailVerified: false, password: body.password }, request.requestOrigin);
    if (!created.ok) return failWith(reply, created.error);
    return { data: await signIn(deps, request, reply, created.value, 'password') };
  });

  app.post('/api/v1/auth/password/signin', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    if (!deps.features().loginWithPassword) return fail(reply, 404, 'Not found');
    const body = parseInput(PasswordSignInRequest, request.body, reply);
    if (!body) return reply;
    const checked = await deps.passwordSignIn.check(body.login, body.password, request.requestOrigin);
    if (!checked.ok) return failWith(reply, checked.error);
    return { data: await signIn(deps, request, reply, checked.value, 'password') };
  });

  /** Ends the session on the server and clears its cookies; signed out already is no error. */
  app.delete('/api/v1/users/signout', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    const principal = request.principal;
    if (principal.kind === 'user' && principal.credential.kind === 'session') await deps.sessions.end(principal.user.id, principal.credential.sessionId, request.requestOrigin);
    clearSession(deps, request, reply);
    return { data: {} };
  });

  app.get('/api/v1/auth/jwt', { config: { access: { kind: 'person', scope: 'account' } } }, async (request) => {
    const user = signedInUser(request);
    return { data: { jwt: deps.signedTokens.issueJwt(user.id, { username: user.username }, JWT_TTL_SECONDS) } };
  });

  /** The one-time token the page /cli/login shows, to paste into a command-line tool. */
  app.get('/api/v1/auth/auth-token', { config: { access: { kind: 'person', scope: 'account' } } }, async (request) => ({
    data: { token: await deps.cliLogin.issue(signedInUser(request)) },
  }));

  app.get('/api/v1/auth/verify/:token', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    const params = parseInput(TokenParam, request.params, reply);
    if (!params) return reply;
    const verified = await deps.cliLogin.verify(params.token, request.requestOrigin);
    if (!verified.ok) return failWith(reply, verified.error);
    return { data: { token: verified.value } };
  });

  /** Holding the dev token is the right to revoke it. */
  app.delete('/api/v1/auth/revoke/:token', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    const params = parseInput(TokenParam, request.params, reply);
    if (!params) return reply;
    const revoked = await deps.tokens.revokeHeld(params.token, request.requestOrigin);
    if (!revoked.ok) return failWith(reply, revoked.error);
    return { data: {} };
  });

  /** Where the SSO sign-in of an e-mail's organisation starts (spec 000 §2 SSO form, §5's 422). */
  app.get('/api/v1/auth/workos/initialize', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    const query = parseInput(SsoInitializeQuery, request.query, reply);
    if (!query) return reply;
    return fail(reply, 422, NO_SSO_ORGANISATION);
  });

  /** The owner's one-time sign-in link (printed at start): a session, then the default sandbox (or `next`). */
  app.get('/signin/link/:token', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    const params = TokenParam.safeParse(request.params);
    const query = LinkQuery.safeParse(request.query);
    const user = params.success ? await deps.owner.redeemSignInLink(params.data.token) : undefined;
    if (!user) {
      return reply
        .code(410)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(linkPage(authErrors.invalidToken().message.replace('This token', 'This sign-in link'), deps.landing()));
    }
    await signIn(deps, request, reply, user, 'sign-in link');
    const next = query.success && query.data.next !== undefined && isLocalPath(query.data.next) ? query.data.next : deps.landing();
    return reply.header('Cache-Control', 'no-store').redirect(next, 302);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function linkPage(message: string, landing: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in link - Bullpen</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#151515;color:#e6e6e6;display:grid;place-items:center;height:100vh;margin:0}main{max-width:32rem;padding:2rem}a{color:#ffe500}</style></head>
<body><main><h1>Sign-in link</h1><p>${escapeHtml(message)}</p><p>Each link signs in once, within a day. Sign in with your password, or start Bullpen again for a new link.</p>
<p><a href="/signin">Sign in</a> · <a href="${escapeHtml(landing)}">Open Bullpen</a></p></main></body></html>`;
}
