import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteRule } from '../../../domain/access/authorization';
import type { AuthError, AuthErrorKind } from '../../application/platform/auth/auth.errors';
import type { Principal, RequestOrigin } from '../../application/platform/auth/principal';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who sends the request (ADR 0023), set by the authentication hook before any route runs. */
    principal: Principal;
    /** Where it comes from, for the audit log and rate limits. */
    requestOrigin: RequestOrigin;
  }
  interface FastifyContextConfig {
    /** Who may call the route: every /api route declares it (checked when the route is added). */
    access?: RouteRule;
  }
}

/** Error bodies follow spec 000 §8 and protocol.md §7.1: `{ errors: [message] }`. */
export const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ errors: [message] });

const AUTH_STATUS: Readonly<Record<AuthErrorKind, number>> = {
  unauthenticated: 401,
  'invalid-credentials': 401,
  'rate-limited': 429,
  'signup-closed': 403,
  'signup-invite-only': 403,
  'username-taken': 409,
  'email-taken': 409,
  'not-found': 404,
  'wrong-password': 403,
  'confirmation-mismatch': 422,
  'invalid-token': 401,
  forbidden: 403,
};

/** An account use case's error in the API's shape, with Retry-After for 429. */
export function failWith(reply: FastifyReply, error: AuthError) {
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  return fail(reply, AUTH_STATUS[error.kind], error.message);
}

/**
 * Validates a body, query or params object with its schema; a failure is answered 400 with the first problem (its
 * field named) and undefined is returned.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, reply: FastifyReply): z.infer<S> | undefined {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.join('.');
  // A message that names its field already ("anonymousAccess must be …") is kept as it is.
  const named = field === '' || issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
  const message = issue.code === 'unrecognized_keys' ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}` : named;
  void fail(reply, 400, message);
  return undefined;
}

/** The person the route's access rule let in (routes whose rule is `person` or `site-owner`). */
export function signedInUser(request: FastifyRequest) {
  if (request.principal.kind !== 'user') throw new Error(`${request.url}: no person signed in behind a route that needs one`);
  return request.principal.user;
}

/** Adds a Set-Cookie header to the ones the reply has (Fastify replaces a header set twice). */
export function appendSetCookie(reply: FastifyReply, ...cookies: string[]): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, ...cookies]);
}
