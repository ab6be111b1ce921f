import { z } from 'zod';

/** Scopes a personal API token may carry (the SDK's four, platform-api.md §1, plus the account itself). */
export const TOKEN_SCOPES = ['sandbox_read', 'sandbox_edit_code', 'sandbox_create', 'vm_manage', 'account'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** A session of the signed-in person (the account page lists them). */
export interface SessionInfo {
  id: string;
  current: boolean;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** An API token as listed: never its secret. */
export interface ApiTokenInfo {
  id: string;
  /** What the token starts with (`bp_<id>_`), to recognise it. */
  prefix: string;
  name: string;
  kind: 'personal' | 'cli' | 'bootstrap';
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** A token just created: the secret is in `token`, shown this once. */
export interface CreatedApiToken extends ApiTokenInfo {
  token: string;
}

export const CreateApiTokenRequest = z.strictObject({
  name: z.string().trim().min(1, 'Name the token').max(100),
  scopes: z.array(z.enum(TOKEN_SCOPES)).min(1, 'Choose at least one scope').max(TOKEN_SCOPES.length),
  /** Days until it expires (1…365); absent: it does not expire. */
  expiresInDays: z.number().int().min(1).max(365).optional(),
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequest>;

/** `GET /auth/workos/initialize?email=`: where the SSO sign-in of that e-mail's organisation starts. */
export const SsoInitializeQuery = z.strictObject({ email: z.string().max(254).email('Enter a valid e-mail address') });
export interface SsoInitializeResponse {
  redirectUrl: string;
}

/** One audit-log entry (team admins read them). */
export interface AuditEntryInfo {
  id: string;
  at: string;
  actor: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  userAgent: string | null;
  outcome: 'ok' | 'denied';
}
