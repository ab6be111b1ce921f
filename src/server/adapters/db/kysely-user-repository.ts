import { Kysely, Selectable, sql } from 'kysely';
import { Result, err, ok } from '../../../base/result';
import { Identity, NewUser, UserPatch, UserRecord, UserRepository, UserWriteError } from '../../application/ports/user-repository.port';
import { Database, UsersTable } from './database-schema';
import { asCount, uniqueViolation } from './database-errors';

const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

function toRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    username: row.username,
    email: orUndefined(row.email),
    emailVerified: row.email_verified,
    name: orUndefined(row.name),
    bio: orUndefined(row.bio),
    avatarUrl: orUndefined(row.avatar_url),
    socialLinks: row.social_links,
    passwordHash: orUndefined(row.password_hash),
    siteRole: row.site_role,
    editorSettings: orUndefined(row.editor_settings),
    notificationPreferences: row.notification_preferences,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const taken = (constraint: string): Exclude<UserWriteError, 'not-found'> => (constraint === 'users_email_key' ? 'email-taken' : 'username-taken');

export class KyselyUserRepository implements UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(user: NewUser): Promise<Result<UserRecord, Exclude<UserWriteError, 'not-found'>>> {
    try {
      const row = await this.db
        .insertInto('users')
        .values({
          id: user.id,
          username: user.username,
          email: user.email ?? null,
          email_verified: user.emailVerified ?? false,
          name: user.name ?? null,
          avatar_url: user.avatarUrl ?? null,
          password_hash: user.passwordHash ?? null,
          site_role: user.siteRole ?? 'member',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return ok(toRecord(row));
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint !== undefined) return err(taken(constraint));
      throw error;
    }
  }

  async byId(id: string): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async byUsername(username: string): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
    return row && toRecord(row);
  }

  async byEmail(email: string): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    return row && toRecord(row);
  }

  async update(id: string, patch: UserPatch): Promise<Result<UserRecord, UserWriteError>> {
    const values: Record<string, unknown> = { updated_at: new Date() };
    if (patch.username !== undefined) values.username = patch.username;
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.bio !== undefined) values.bio = patch.bio;
    if (patch.avatarUrl !== undefined) values.avatar_url = patch.avatarUrl;
    if (patch.email !== undefined) values.email = patch.email;
    if (patch.emailVerified !== undefined) values.email_verified = patch.emailVerified;
    if (patch.passwordHash !== undefined) values.password_hash = patch.passwordHash;
    if (patch.socialLinks !== undefined) values.social_links = JSON.stringify(patch.socialLinks);
    if (patch.notificationPreferences !== undefined) values.notification_preferences = JSON.stringify(patch.notificationPreferences);
    if (patch.editorSettings !== undefined) values.editor_settings = patch.editorSettings === null ? null : JSON.stringify(patch.editorSettings);
    try {
      const row = await this.db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
      return row ? ok(toRecord(row)) : err('not-found');
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint !== undefined) return err(taken(constraint));
      throw error;
    }
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async owner(): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('site_role', '=', 'owner').orderBy('created_at').executeTakeFirst();
    return row && toRecord(row);
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return asCount(row.n);
  }

  async identity(provider: string, subject: string): Promise<Identity | undefined> {
    const row = await this.db.selectFrom('identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
    return row && { provider: row.provider, subject: row.subject, userId: row.user_id, email: orUndefined(row.email) };
  }

  async identitiesOf(userId: string): Promise<Identity[]> {
    const rows = await this.db.selectFrom('identities').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
    return rows.map((row) => ({ provider: row.provider, subject: row.subject, userId: row.user_id, email: orUndefined(row.email) }));
  }

  async unlinkIdentities(userId: string, provider: string): Promise<void> {
    await this.db.deleteFrom('identities').where('user_id', '=', userId).where('provider', '=', provider).execute();
  }

  async linkIdentity(identity: Identity): Promise<void> {
    await this.db
      .insertInto('identities')
      .values({ provider: identity.provider, subject: identity.subject, user_id: identity.userId, email: identity.email ?? null })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doUpdateSet({ user_id: identity.userId, email: identity.email ?? null }))
      .execute();
  }
}
