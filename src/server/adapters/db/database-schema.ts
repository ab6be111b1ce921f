import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** A timestamp column: written as a Date (or left to its default), read as a Date. */
type Timestamp = ColumnType<Date, Date | undefined, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Json<T extends object> = JSONColumnType<T, string | undefined, string>;

/** People with an account. `site_role` 'owner': the install's owner (ADR 0023). */
export interface UsersTable {
  id: string;
  username: string;
  email: string | null;
  email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  name: string | null;
  bio: string | null;
  avatar_url: string | null;
  social_links: Json<string[]>;
  password_hash: string | null;
  site_role: ColumnType<'owner' | 'member', 'owner' | 'member' | undefined, 'owner' | 'member'>;
  editor_settings: ColumnType<unknown | null, string | null | undefined, string | null>;
  notification_preferences: Json<Record<string, boolean>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A sign-in provider's account linked to a person: (provider, subject) is the provider's own id for them. */
export interface IdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Timestamp;
}

/** A provider sign-in with no account yet: the person picks a username, then `POST /users/finalize`. */
export interface PendingUsersTable {
  id: string;
  provider: string;
  subject: string;
  email: string;
  name: string | null;
  avatar_url: string | null;
  suggested_username: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Browser sessions: the cookie holds `<id>.<secret>`, the table the secret's SHA-256. */
export interface SessionsTable {
  id: string;
  user_id: string;
  secret_hash: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/** Named, scoped API tokens (personal, command-line, bootstrap): `bp_<id>_<secret>`, the secret's SHA-256 stored. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  kind: 'personal' | 'cli' | 'bootstrap';
  secret_hash: string;
  scopes: Json<string[]>;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** Single-use secrets: command-line auth tokens, the owner's first sign-in link. The secret's SHA-256 is the key. */
export interface OneTimeTokensTable {
  token_hash: string;
  purpose: 'cli-auth' | 'sign-in-link';
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Team workspaces; a personal workspace has `personal_owner_id`. */
export interface TeamsTable {
  id: string;
  name: string;
  description: string | null;
  creator_id: string | null;
  personal_owner_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  authorization: 'ADMIN' | 'WRITE' | 'READ';
  created_at: Timestamp;
}

/** Invitations to a team by e-mail: they also let that address sign up when BULLPEN_SIGNUP is 'invite'. */
export interface TeamInvitationsTable {
  team_id: string;
  email: string;
  authorization: 'ADMIN' | 'WRITE' | 'READ';
  invited_by: string | null;
  created_at: Timestamp;
}

export interface SandboxesTable {
  id: string;
  title: string;
  template: string;
  anonymous_access: 'read' | 'write' | null;
  /** 0 public, 1 unlisted, 2 private (spec 000 §3, platform-api.md §4). */
  privacy: ColumnType<0 | 1 | 2, 0 | 1 | 2 | undefined, 0 | 1 | 2>;
  team_id: string | null;
  author_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UploadsTable {
  id: string;
  user_id: string;
  name: string;
  content_type: string;
  size: number;
  created_at: Timestamp;
}

export interface UserIntegrationsTable {
  user_id: string;
  type: string;
  data: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

/** Who did what, when, from where: sign-ins, failed sign-ins, tokens and sessions made and revoked. */
export interface AuditLogTable {
  id: Generated<string>;
  at: Timestamp;
  actor_user_id: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  user_agent: string | null;
  outcome: 'ok' | 'denied';
  details: Json<Record<string, unknown>>;
}

export interface Database {
  users: UsersTable;
  identities: IdentitiesTable;
  pending_users: PendingUsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  one_time_tokens: OneTimeTokensTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  sandboxes: SandboxesTable;
  uploads: UploadsTable;
  user_integrations: UserIntegrationsTable;
  audit_log: AuditLogTable;
}
