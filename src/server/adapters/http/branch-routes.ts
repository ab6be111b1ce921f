import type { FastifyInstance, FastifyReply } from 'fastify';
import { AccessPolicy } from '../../application/access/access-policy';
import { BranchRecordFailure, BranchRecords, branchRecordErrors } from '../../application/sandbox/branch-records';

const STATUS: Record<BranchRecordFailure['kind'], number> = { 'not-found': 404, forbidden: 403, 'invalid-name': 422, 'name-taken': 422 };

/** Spec 000 §8 / protocol.md §7.1 error shape. */
const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ errors: [message] });

/**
 * GET and PATCH /api/beta/sandboxes/branches/:id (spec 000 §7 "Beta project calls"; spec 002 §4 "Branch rename"). A
 * branch whose sandbox the caller may not read is answered as a missing one; renaming needs write access.
 */
export function registerBranchRoutes(app: FastifyInstance, branches: BranchRecords, policy: AccessPolicy): void {
  app.get<{ Params: { id: string } }>('/api/beta/sandboxes/branches/:id', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    if (!(await policy.readable(request.principal, request.params.id))) return fail(reply, 404, branchRecordErrors.notFound);
    const found = await branches.get(request.params.id);
    if (!found.ok) return fail(reply, STATUS[found.error.kind], found.error.message);
    return { data: { id: found.value.id, name: found.value.name ?? null } };
  });

  app.patch<{ Params: { id: string }; Body: unknown }>('/api/beta/sandboxes/branches/:id', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    const readable = await policy.readable(request.principal, request.params.id);
    if (!readable) return fail(reply, 404, branchRecordErrors.notFound);
    const name = (request.body as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') return fail(reply, 400, 'name must be a string');
    const renamed = await branches.rename(request.params.id, name, readable.access);
    if (!renamed.ok) return fail(reply, STATUS[renamed.error.kind], renamed.error.message);
    return { data: renamed.value };
  });
}
