import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decideRoute } from '../../../domain/access/authorization';
import { subjectOf } from '../../application/access/access-policy';
import { Authenticator } from '../../application/platform/auth/authenticator';
import { ANONYMOUS } from '../../application/platform/auth/principal';
import { AuthCookieNames, readCookie, signedOutCookies } from './auth-cookies';
import { appendSetCookie, fail } from './http-context';

export const INVALID_BEARER = 'This API token is not valid: it was revoked, has expired or is mistyped';
export const SIGN_IN_REQUIRED = 'Sign in to do this';
export const SCOPE_MISSING = 'You may not do this (an API token needs the scope for it)';

export interface AuthenticationOptions {
  authenticator: Authenticator;
  cookieNames: () => AuthCookieNames;
  /** Whether cookies for this request must be Secure (it came over https). */
  secure: (request: FastifyRequest) => boolean;
}

/**
 * Identity on every request (ADR 0023): the Authenticator turns the session cookie or a bearer API token into
 * `request.principal` before any route runs; a cookie whose session is gone is answered with the signed-in cookie
 * set to false (the client signs out, spec 000 §4); a bearer token that is not valid is refused (401), never taken for
 * a visitor. Each /api route declares who may call it (`config.access`, checked when it is added, so no route can
 * be forgotten); the rule is enforced before its handler.
 */
export function registerAuthentication(app: FastifyInstance, options: AuthenticationOptions): void {
  app.decorateRequest('principal', null as never);
  app.decorateRequest('requestOrigin', null as never);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && route.config?.access === undefined) throw new Error(`${route.method} ${route.url} declares no access rule`);
  });
  app.addHook('onRequest', async (request, reply) => {
    request.requestOrigin = { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) };
    request.principal = ANONYMOUS;
    const names = options.cookieNames();
    const authentication = await options.authenticator.authenticate({
      sessionCookie: readCookie(request.headers.cookie, names.session),
      authorization: request.headers.authorization,
    });
    if (authentication.kind === 'invalid-bearer') return fail(reply, 401, INVALID_BEARER);
    request.principal = authentication.principal;
    if (authentication.staleSession) appendSetCookie(reply, ...signedOutCookies(names, options.secure(request)));
    return undefined;
  });
  app.addHook('preHandler', async (request, reply) => {
    const rule = request.routeOptions.config?.access;
    if (rule === undefined) return undefined;
    const decision = decideRoute(rule, subjectOf(request.principal));
    if (decision === 'unauthenticated') return fail(reply, 401, SIGN_IN_REQUIRED);
    if (decision === 'forbidden') return fail(reply, 403, SCOPE_MISSING);
    return undefined;
  });
}
