import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AccessPolicy } from '../../../application/access/access-policy';
import { Principal } from '../../../application/platform/auth/principal';
import { SandboxRecord } from '../../../application/ports/sandbox-repository.port';
import { Requester, SandboxService } from '../../../application/sandbox/sandbox-service';
import { AccessLevel } from '../../../application/workspace/permissions';
import { fail, parseInput } from '../http-context';
import { PreviewAccess } from '../preview-access';

export const SANDBOX_NOT_FOUND = 'Sandbox not found';

export interface SandboxRouteDeps {
  sandboxes: SandboxService;
  policy: AccessPolicy;
  previews: PreviewAccess;
  newGuestSuffix: () => string;
  /** The websocket origin the caller reached us by, plus `/pitcher`. */
  pitcherBaseUrl: (request: FastifyRequest) => string;
  /** A sandbox's access changed: its running workspace reviews its clients (resolves when they follow). */
  accessChanged?: (sandboxId: string) => Promise<void>;
  /** Websockets open through a port's preview now. */
  openPreviewSockets: (sandboxId: string, port: number) => number;
}

const Id = z.strictObject({ id: z.string().min(1).max(64) });
const AccessBody = z.strictObject({ anonymousAccess: z.enum(['read', 'write'], "anonymousAccess must be 'read' or 'write'") });
const open = { config: { access: { kind: 'public' } as const } };

/** A sandbox as the API shows it; `anonymousAccess`: what visitors may do in it now (the server's level caps it). */
export const sandboxJson = (record: SandboxRecord, policy: AccessPolicy, access: AccessLevel) => ({
  id: record.id,
  title: record.title,
  template: record.template,
  insertedAt: record.createdAt,
  isCloud: true,
  privacy: record.privacy,
  anonymousAccess: policy.sandboxAccess(record.anonymousAccess),
  /** What the caller may do in it (spec 000 §3 Authorization): write access edits the code. */
  authorization: access === 'write' ? 'WRITE_CODE' : 'READ',
});

/** Who a pitcher token is minted for: the signed-in person, or a new guest name for a visitor. */
export function requesterOf(principal: Principal, access: AccessLevel, newGuestSuffix: () => string): Requester {
  if (principal.kind === 'user') {
    const { user, credential } = principal;
    return {
      username: user.username,
      name: user.name ?? user.username,
      access,
      ...(user.avatarUrl ? { avatarUrl: user.avatarUrl } : {}),
      userId: user.id,
      ...(credential.kind === 'session' ? { session: credential.sessionId } : { scopes: [...credential.scopes] }),
    };
  }
  const suffix = newGuestSuffix();
  return { username: `guest-${suffix}`, name: `Guest ${suffix.toUpperCase()}`, access };
}

/**
 * A sandbox's record and the start of its workspace (spec 000 §7 "Sandboxes"; protocol.md §1), asked of the access
 * policy for the caller: a sandbox they may not read is answered as a missing one.
 */
export function registerSandboxRoutes(app: FastifyInstance, deps: SandboxRouteDeps): void {
  app.get('/api/v1/sandboxes/:id', open, async (request, reply) => {
    const params = parseInput(Id, request.params, reply);
    if (!params) return reply;
    const found = await deps.policy.readable(request.principal, params.id);
    if (!found) return fail(reply, 404, SANDBOX_NOT_FOUND);
    return { data: sandboxJson(found.record, deps.policy, found.access) };
  });

  /**
   * Changes what visitors may do in a sandbox (docs/protocol/client.md "Access changes at run time"): someone signed in
   * who may edit it. Clients already joined follow before the answer (client/permissions).
   */
  app.patch('/api/v1/sandboxes/:id', { config: { access: { kind: 'person', scope: 'sandbox_edit_code' } } }, async (request, reply) => {
    const params = parseInput(Id, request.params, reply);
    if (!params) return reply;
    const found = await deps.policy.readable(request.principal, params.id);
    if (!found) return fail(reply, 404, SANDBOX_NOT_FOUND);
    if (found.access !== 'write') return fail(reply, 403, 'Changing who may do what in this sandbox needs write access to it');
    const body = parseInput(AccessBody, request.body, reply);
    if (!body) return reply;
    const updated = await deps.sandboxes.setAnonymousAccess(params.id, body.anonymousAccess);
    if (!updated.ok) return fail(reply, 404, SANDBOX_NOT_FOUND);
    await deps.accessChanged?.(params.id);
    return { data: sandboxJson(updated.value, deps.policy, found.access) };
  });

  app.post('/api/v1/vm/:id/start', open, async (request, reply) => {
    const params = parseInput(Id, request.params, reply);
    if (!params) return reply;
    const found = await deps.policy.readable(request.principal, params.id);
    if (!found) return fail(reply, 404, SANDBOX_NOT_FOUND);
    const started = await deps.sandboxes.start(params.id, requesterOf(request.principal, found.access, deps.newGuestSuffix), deps.pitcherBaseUrl(request));
    if (!started.ok) return fail(reply, 404, SANDBOX_NOT_FOUND);
    return { data: started.value };
  });

  /** Spec 002 §7: a token that opens private previews (`?preview_token=`), fetched again every 60 minutes. */
  app.get('/api/v1/auth/preview_token', open, async (request) => ({ data: { token: deps.previews.newToken(request.principal) } }));

  /**
   * How many websockets are open through a port's preview now (docs/protocol/port.md "Hot reload"): a page that keeps
   * one (a dev server's hot reload) updates itself, and the editor does not reload it after an edit.
   */
  app.get<{ Params: { id: string; port: string } }>('/api/v1/sandboxes/:id/previews/:port', open, async (request, reply) => {
    const port = Number(request.params.port);
    if (!/^\d{1,5}$/.test(request.params.port) || port < 1 || port > 65535) return fail(reply, 400, 'port must be a port number (1-65535)');
    if (!(await deps.policy.readable(request.principal, request.params.id))) return fail(reply, 404, SANDBOX_NOT_FOUND);
    return { data: { port, openSockets: deps.openPreviewSockets(request.params.id, port) } };
  });
}
