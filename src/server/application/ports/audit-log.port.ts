/** Who did what, when, from where (platform data), readable by team admins. */
export const AuditLog = Symbol('AuditLog');

export type AuditAction =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-out'
  | 'sign-up'
  | 'session-revoked'
  | 'sessions-revoked'
  | 'token-created'
  | 'token-revoked'
  | 'token-verified'
  | 'password-changed'
  | 'account-deleted';

export interface AuditEntry {
  at: Date;
  actorUserId: string | undefined;
  action: AuditAction;
  /** What it was done to: a session or token id, a username tried. Never a secret. */
  target: string | undefined;
  ip: string | undefined;
  userAgent: string | undefined;
  outcome: 'ok' | 'denied';
  details: Record<string, unknown>;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Newest first; `actors`: only what these people did. */
  list(options: { limit: number; before?: Date; actors?: readonly string[] }): Promise<(AuditEntry & { id: string })[]>;
}
