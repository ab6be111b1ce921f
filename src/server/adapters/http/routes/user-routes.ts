import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CreateApiTokenRequest } from '../../../../protocol/api/auth';
import {
  ChangePasswordRequest,
  DeleteCurrentUserRequest,
  EditorSettingsRequest,
  FinalizeUserRequest,
  NOTIFICATION_PREFERENCES,
  NotificationPreferencesRequest,
  USERNAME_PATTERN,
  UpdateCurrentUserRequest,
} from '../../../../protocol/api/users';
import { authErrors } from '../../../application/platform/auth/auth.errors';
import { UPLOADS_PER_PERSON_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../../application/ports/upload-store.port';
import { fail, failWith, parseInput, signedInUser } from '../http-context';
import { PlatformRouteDeps, clearSession, currentUser, signIn } from './platform-route-deps';
import { apiTokenJson, publicUserJson, sessionJson } from './user-json';

const Id = z.strictObject({ id: z.string().min(1).max(64) });
const Username = z.strictObject({ username: z.string().min(1).max(100) });
const IntegrationType = z.strictObject({ type: z.string().min(1).max(40) });
const UploadRequest = z.strictObject({
  name: z.string().trim().min(1).max(200),
  contentType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'contentType must be a media type like image/png').max(100),
  /** The bytes, base64. */
  content: z.string().max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 4, `An upload holds at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MiB`),
});
/** Editor settings are kept as given, at most this large. */
const EDITOR_SETTINGS_MAX_BYTES = 64 * 1024;
const account = { config: { access: { kind: 'person', scope: 'account' } as const } };
const anyPerson = { config: { access: { kind: 'person' } as const } };
const open = { config: { access: { kind: 'public' } as const } };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The signed-in person's account (spec 000 §7 "Current user", "Users"; ADR 0023), under /api/v1. */
export function registerUserRoutes(app: FastifyInstance, deps: PlatformRouteDeps): void {
  app.get('/api/v1/users/current', anyPerson, async (request) => ({ data: await currentUser(deps, signedInUser(request)) }));

  app.patch('/api/v1/users/current', account, async (request, reply) => {
    const body = parseInput(UpdateCurrentUserRequest, request.body, reply);
    if (!body) return reply;
    const updated = await deps.accounts.updateProfile(signedInUser(request), {
      ...(body.username !== undefined ? { username: body.username } : {}),
      ...(body.name !== undefined ? { name: body.name ?? undefined } : {}),
      ...(body.bio !== undefined ? { bio: body.bio ?? undefined } : {}),
      ...(body.socialLinks !== undefined ? { socialLinks: body.socialLinks } : {}),
    });
    if (!updated.ok) return failWith(reply, updated.error);
    return { data: await currentUser(deps, updated.value) };
  });

  /** Deletes the account once its username is typed as `confirm`; the session ends with it. */
  app.delete('/api/v1/users/current', account, async (request, reply) => {
    const body = parseInput(DeleteCurrentUserRequest, request.body, reply);
    if (!body) return reply;
    const user = signedInUser(request);
    const uploads = await deps.uploads.list(user.id);
    const deleted = await deps.accounts.delete(user, body.confirm, request.requestOrigin);
    if (!deleted.ok) return failWith(reply, deleted.error);
    for (const upload of uploads) await deps.uploads.remove(user.id, upload.id);
    clearSession(deps, request, reply);
    return { data: {} };
  });

  app.get('/api/v1/users/available/:username', open, async (request, reply) => {
    const params = parseInput(Username, request.params, reply);
    if (!params) return reply;
    return { data: { available: USERNAME_PATTERN.test(params.username) && (await deps.accounts.usernameAvailable(params.username)) } };
  });

  /** A provider sign-in without an account yet: what the username choice shows (the id is the pending sign-up's secret). */
  app.get('/api/v1/users/pending/:id', open, async (request, reply) => {
    const params = parseInput(Id, request.params, reply);
    if (!params) return reply;
    const pending = await deps.accounts.pending(params.id);
    if (!pending) return fail(reply, 404, 'Pending user not found');
    return { data: pending };
  });

  /** Makes the account of a pending provider sign-up with the chosen username, and signs it in. */
  app.post('/api/v1/users/finalize', open, async (request, reply) => {
    const body = parseInput(FinalizeUserRequest, request.body, reply);
    if (!body) return reply;
    const finalized = await deps.accounts.finalize(body.id, body.username, request.requestOrigin);
    if (!finalized.ok) return failWith(reply, finalized.error);
    return { data: await signIn(deps, request, reply, finalized.value, finalized.value.provider) };
  });

  app.get('/api/v1/users/:username', open, async (request, reply) => {
    const params = parseInput(Username, request.params, reply);
    if (!params) return reply;
    const user = await deps.users.byUsername(params.username);
    if (!user) return fail(reply, 404, 'User not found');
    return { data: publicUserJson(user) };
  });

  app.get('/api/v1/users/current/sessions', account, async (request) => {
    const principal = request.principal;
    const current = principal.kind === 'user' && principal.credential.kind === 'session' ? principal.credential.sessionId : undefined;
    return { data: (await deps.sessions.list(signedInUser(request).id)).map((s) => sessionJson(s, current)) };
  });

  app.delete('/api/v1/users/current/sessions/:id', account, async (request, reply) => {
    const params = parseInput(Id, request.params, reply);
    if (!params) return reply;
    if (!(await deps.sessions.revoke(signedInUser(request).id, params.id, request.requestOrigin))) return fail(reply, 404, 'Session not found');
    const principal = request.principal;
    if (principal.kind === 'user' && principal.credential.kind === 'session' && principal.credential.sessionId === params.id) clearSession(deps, request, reply);
    return { data: {} };
  });

  /** Signs out every other browser. */
  app.delete('/api/v1/users/current/sessions', account, async (request) => {
    const principal = request.principal;
    const keep = principal.kind === 'user' && principal.credential.kind === 'session' ? principal.credential.sessionId : undefined;
    return { data: { revoked: await deps.sessions.revokeOthers(signedInUser(request).id, keep, request.requestOrigin) } };
  });

  app.get('/api/v1/users/current/tokens', account, async (request) => ({ data: (await deps.tokens.list(signedInUser(request).id)).map(apiTokenJson) }));

  /** A new API token: its secret is in this answer only. */
  app.post('/api/v1/users/current/tokens', account, async (request, reply) => {
    const body = parseInput(CreateApiTokenRequest, request.body, reply);
    if (!body) return reply;
    const expiresAt = body.expiresInDays === undefined ? undefined : new Date(Date.now() + body.expiresInDays * DAY_MS);
    const created = await deps.tokens.create(signedInUser(request), { name: body.name, kind: 'personal', scopes: [...new Set(body.scopes)], expiresAt }, request.requestOrigin);
    return reply.code(201).send({ data: { ...apiTokenJson(created.record), token: created.token } });
  });

  app.delete('/api/v1/users/current/tokens/:id', account, async (request, reply) => {
    const params = parseInput(Id, request.params, reply);
    if (!params) return reply;
    const revoked = await deps.tokens.revoke(signedInUser(request).id, params.id, request.requestOrigin);
    if (!revoked.ok) return failWith(reply, revoked.error);
    return { data: {} };
  });

  /** A new password; every other session of the person ends (ADR 0023). */
  app.post('/api/v1/users/current/password', account, async (request, reply) => {
    const body = parseInput(ChangePasswordRequest, request.body, reply);
    if (!body) return reply;
    const user = signedInUser(request);
    const changed = await deps.accounts.changePassword(user, body.currentPassword, body.newPassword, request.requestOrigin);
    if (!changed.ok) return failWith(reply, changed.error);
    const principal = request.principal;
    const keep = principal.kind === 'user' && principal.credential.kind === 'session' ? principal.credential.sessionId : undefined;
    await deps.sessions.revokeOthers(user.id, keep, request.requestOrigin);
    return { data: await currentUser(deps, changed.value) };
  });

  app.get('/api/v1/users/current/notification_preferences', account, async (request) => ({ data: preferences(signedInUser(request).notificationPreferences) }));

  app.patch('/api/v1/users/current/notification_preferences', account, async (request, reply) => {
    const body = parseInput(NotificationPreferencesRequest, request.body, reply);
    if (!body) return reply;
    const user = signedInUser(request);
    const merged = { ...user.notificationPreferences, ...(Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Record<string, boolean>) };
    const updated = await deps.accounts.update(user, { notificationPreferences: merged });
    if (!updated.ok) return failWith(reply, updated.error);
    return { data: preferences(updated.value.notificationPreferences) };
  });

  // Editor settings: the client's own JSON object, kept per person (spec 000 §7 "editor_settings").
  app.get('/api/v1/users/current/editor_settings', account, async (request) => ({ data: signedInUser(request).editorSettings ?? {} }));
  const saveSettings = (merge: boolean) => async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const body = parseInput(EditorSettingsRequest, request.body, reply);
    if (!body) return reply;
    const user = signedInUser(request);
    const next = merge ? { ...((user.editorSettings as Record<string, unknown> | undefined) ?? {}), ...body } : body;
    if (Buffer.byteLength(JSON.stringify(next)) > EDITOR_SETTINGS_MAX_BYTES) return fail(reply, 413, `Editor settings hold at most ${EDITOR_SETTINGS_MAX_BYTES / 1024} KiB`);
    const updated = await deps.accounts.update(user, { editorSettings: next });
    if (!updated.ok) return failWith(reply, updated.error);
    return { data: updated.value.editorSettings };
  };
  app.post('/api/v1/users/current/editor_settings', account, saveSettings(false));
  app.patch('/api/v1/users/current/editor_settings', account, saveSettings(true));
  app.delete('/api/v1/users/current/editor_settings', account, async (request, reply) => {
    const updated = await deps.accounts.update(signedInUser(request), { editorSettings: null });
    if (!updated.ok) return failWith(reply, updated.error);
    return { data: {} };
  });

  /** The sign-in providers linked to the account. */
  app.get('/api/v1/users/current/integrations', account, async (request) => {
    const identities = await deps.users.identitiesOf(signedInUser(request).id);
    return { data: Object.fromEntries(identities.map((i) => [i.provider, { email: i.email ?? null }])) };
  });

  /** Unlinks a provider, unless it is the only way left to sign in. */
  app.delete('/api/v1/users/current_user/integrations/:type', account, async (request, reply) => {
    const params = parseInput(IntegrationType, request.params, reply);
    if (!params) return reply;
    const removed = await deps.accounts.unlinkProvider(signedInUser(request), params.type);
    if (!removed.ok) return failWith(reply, removed.error);
    return { data: {} };
  });

  app.post('/api/v1/users/current_user/integrations/:type', account, async (_request, reply) =>
    fail(reply, 400, 'Link a provider by signing in with it from the account page while signed in'),
  );

  app.get('/api/v1/users/current/feature_flags', anyPerson, async () => ({ data: {} }));

  app.get('/api/v1/users/current/uploads', account, async (request) => ({ data: await deps.uploads.list(signedInUser(request).id) }));

  app.post('/api/v1/users/current/uploads', { ...account, bodyLimit: Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024 }, async (request, reply) => {
    const body = parseInput(UploadRequest, request.body, reply);
    if (!body) return reply;
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body.content)) return fail(reply, 400, 'content must be base64');
    const bytes = Buffer.from(body.content, 'base64');
    if (bytes.length > UPLOAD_MAX_BYTES) return fail(reply, 413, `An upload holds at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MiB`);
    const user = signedInUser(request);
    if ((await deps.uploads.usedBytes(user.id)) + bytes.length > UPLOADS_PER_PERSON_MAX_BYTES) {
      return fail(reply, 413, `Your uploads hold at most ${UPLOADS_PER_PERSON_MAX_BYTES / 1024 / 1024} MiB: delete some first`);
    }
    return reply.code(201).send({ data: await deps.uploads.add(user.id, body.name, body.contentType, bytes) });
  });

  app.delete('/api/v1/users/current/uploads/:id', account, async (request, reply) => {
    const params = parseInput(Id, request.params, reply);
    if (!params) return reply;
    if (!(await deps.uploads.remove(signedInUser(request).id, params.id))) return fail(reply, 404, 'Upload not found');
    return { data: {} };
  });

  /** An upload's bytes, to anyone holding its link; served as an attachment unless it is an image. */
  app.get('/api/v1/uploads/:id', open, async (request, reply) => {
    const params = parseInput(Id, request.params, reply);
    if (!params) return reply;
    const upload = await deps.uploads.read(params.id);
    if (!upload) return fail(reply, 404, 'Upload not found');
    const image = /^image\/(png|jpeg|gif|webp)$/.test(upload.contentType);
    return reply
      .type(image ? upload.contentType : 'application/octet-stream')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', image ? 'inline' : 'attachment')
      .send(Buffer.from(upload.bytes));
  });

  /** The audit log (ADR 0023): the owner reads all of it, a team admin what the members of their teams did. */
  app.get('/api/v1/audit', account, async (request, reply) => {
    const query = parseInput(z.object({ limit: z.coerce.number().int().min(1).max(500).default(100), before: z.iso.datetime().optional() }), request.query, reply);
    if (!query) return reply;
    const user = signedInUser(request);
    const visible = await deps.accounts.auditVisibility(user);
    if (visible === 'none') return failWith(reply, authErrors.forbidden());
    const entries = await deps.audit.list({ limit: query.limit, before: query.before ? new Date(query.before) : undefined, actors: visible === 'all' ? undefined : visible });
    return {
      data: entries.map((e) => ({ id: e.id, at: e.at.toISOString(), actor: e.actorUserId ?? null, action: e.action, target: e.target ?? null, ip: e.ip ?? null, userAgent: e.userAgent ?? null, outcome: e.outcome })),
    };
  });
}

const preferences = (stored: Record<string, boolean>) => Object.fromEntries(NOTIFICATION_PREFERENCES.map((name) => [name, stored[name] ?? true]));
