import { type Result, err, ok } from '../../../../base/result';
import type { AuditLog } from '../../ports/audit-log.port';
import type { PasswordHasher } from '../../ports/password-hasher.port';
import type { PendingUserRecord, PendingUserRepository } from '../../ports/pending-user-repository.port';
import type { Secrets } from '../../ports/secrets.port';
import type { TeamRepository } from '../../ports/team-repository.port';
import type { UserPatch, UserRecord, UserRepository } from '../../ports/user-repository.port';
import type { PendingUser } from '../../../../protocol/api/users';
import { type AuthError, authErrors } from '../auth/auth.errors';
import type { RequestOrigin } from '../auth/principal';
import { type SignupPolicy, signupDecision } from '../auth/signup-policy';

export interface AccountServiceDeps {
  users: UserRepository;
  pending: PendingUserRepository;
  teams: TeamRepository;
  hasher: PasswordHasher;
  secrets: Secrets;
  audit: AuditLog;
  now: () => Date;
  signup: SignupPolicy;
}

export interface NewAccount {
  username: string;
  email: string;
  emailVerified: boolean;
  password?: string;
  name?: string;
  avatarUrl?: string;
  /** A provider identity to link (provider sign-ups). */
  identity?: { provider: string; subject: string };
}

type SignUpError = AuthError<'signup-closed' | 'signup-invite-only' | 'username-taken' | 'email-taken'>;

/** How long a provider sign-up waits for its username. */
export const PENDING_TTL_MS = 30 * 60 * 1000;

/** People's accounts: sign-up (with the policy), profile and password changes, and deletion. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /**
   * Makes an account when the sign-up policy allows this e-mail: a personal workspace comes with it, and the teams
   * that invited the address take the person in at the role they were invited with.
   */
  async signUp(account: NewAccount, origin: RequestOrigin): Promise<Result<UserRecord, SignUpError>> {
    const { users, teams, secrets, now } = this.deps;
    const invitations = await teams.invitationsFor(account.email);
    const decision = signupDecision(this.deps.signup, invitations.length > 0);
    if (decision === 'closed') return this.refuse(account, origin, authErrors.signupClosed());
    if (decision === 'invite-only') return this.refuse(account, origin, authErrors.signupInviteOnly());
    const created = await users.create({
      id: secrets.uuid(),
      username: account.username,
      email: account.email,
      emailVerified: account.emailVerified,
      name: account.name,
      avatarUrl: account.avatarUrl,
      passwordHash: account.password === undefined ? undefined : await this.deps.hasher.hash(account.password),
    });
    if (!created.ok) return err(created.error === 'username-taken' ? authErrors.usernameTaken() : authErrors.emailTaken());
    const user = created.value;
    const at = now();
    if (account.identity) await users.linkIdentity({ ...account.identity, userId: user.id, email: account.email });
    await this.ensurePersonalWorkspace(user);
    for (const invitation of invitations) {
      await teams.setMember(invitation.teamId, user.id, invitation.authorization, at);
      await teams.removeInvitation(invitation.teamId, account.email);
    }
    await this.deps.audit.record({ at, actorUserId: user.id, action: 'sign-up', target: user.username, ip: origin.ip, userAgent: origin.userAgent, outcome: 'ok', details: { method: account.identity?.provider ?? 'password', teams: invitations.map((i) => i.teamId) } });
    return ok(user);
  }

  /** The person's personal workspace, made when missing. */
  async ensurePersonalWorkspace(user: UserRecord): Promise<string> {
    const { teams, secrets, now } = this.deps;
    const personal = (await teams.membershipsOf(user.id)).find((m) => m.team.personalOwnerId === user.id);
    if (personal) return personal.team.id;
    const at = now();
    const team = await teams.create({ id: secrets.uuid(), name: user.name ?? user.username, creatorId: user.id, personalOwnerId: user.id, createdAt: at });
    await teams.setMember(team.id, user.id, 'ADMIN', at);
    return team.id;
  }

  async usernameAvailable(username: string): Promise<boolean> {
    return (await this.deps.users.byUsername(username)) === undefined;
  }

  async updateProfile(user: UserRecord, patch: Pick<UserPatch, 'username' | 'name' | 'bio' | 'socialLinks'>): Promise<Result<UserRecord, AuthError<'username-taken' | 'not-found'>>> {
    const updated = await this.deps.users.update(user.id, patch);
    if (updated.ok) return updated;
    return err(updated.error === 'not-found' ? authErrors.notFound('User') : authErrors.usernameTaken());
  }

  async update(user: UserRecord, patch: UserPatch): Promise<Result<UserRecord, AuthError<'not-found' | 'username-taken'>>> {
    const updated = await this.deps.users.update(user.id, patch);
    if (updated.ok) return updated;
    return err(updated.error === 'not-found' ? authErrors.notFound('User') : authErrors.usernameTaken());
  }

  /**
   * Sets a new password. With one set already the current one is required (a stolen session cannot lock the person
   * out); the caller then ends the person's other sessions.
   */
  async changePassword(user: UserRecord, current: string | undefined, next: string, origin: RequestOrigin): Promise<Result<UserRecord, AuthError<'wrong-password' | 'not-found'>>> {
    if (user.passwordHash && !(current !== undefined && (await this.deps.hasher.verify(user.passwordHash, current)))) {
      await this.deps.audit.record({ at: this.deps.now(), actorUserId: user.id, action: 'password-changed', target: undefined, ip: origin.ip, userAgent: origin.userAgent, outcome: 'denied', details: {} });
      return err(authErrors.wrongPassword());
    }
    const updated = await this.deps.users.update(user.id, { passwordHash: await this.deps.hasher.hash(next) });
    if (!updated.ok) return err(authErrors.notFound('User'));
    await this.deps.audit.record({ at: this.deps.now(), actorUserId: user.id, action: 'password-changed', target: undefined, ip: origin.ip, userAgent: origin.userAgent, outcome: 'ok', details: {} });
    return ok(updated.value);
  }

  /** Deletes the person's account once they typed their username; the install's owner cannot delete theirs. */
  async delete(user: UserRecord, confirm: string, origin: RequestOrigin): Promise<Result<void, AuthError<'confirmation-mismatch' | 'forbidden'>>> {
    if (confirm !== user.username) return err(authErrors.confirmationMismatch());
    if (user.siteRole === 'owner') return err({ kind: 'forbidden', message: "The install's owner cannot delete their account" });
    await this.deps.users.delete(user.id);
    await this.deps.audit.record({ at: this.deps.now(), actorUserId: user.id, action: 'account-deleted', target: user.username, ip: origin.ip, userAgent: origin.userAgent, outcome: 'ok', details: {} });
    return ok(undefined);
  }

  /**
   * A provider sign-in whose identity has no account yet (platform-api.md §2 'signup'): kept for half an hour while
   * the person picks a username. The id it answers is the secret the popup hands to the page.
   */
  async createPending(pending: Omit<PendingUserRecord, 'id' | 'createdAt' | 'expiresAt'>): Promise<string> {
    const { secrets, now } = this.deps;
    const at = now();
    const id = secrets.newSecret();
    await this.deps.pending.create({ ...pending, id, createdAt: at, expiresAt: new Date(at.getTime() + PENDING_TTL_MS) });
    return id;
  }

  /** What the username choice shows of a pending sign-up. */
  async pending(id: string): Promise<PendingUser | undefined> {
    const found = await this.deps.pending.byId(id, this.deps.now());
    if (!found) return undefined;
    const suggested = (await this.usernameAvailable(found.suggestedUsername)) ? found.suggestedUsername : '';
    return { id: found.id, email: found.email, name: found.name ?? null, avatarUrl: found.avatarUrl ?? null, username: suggested };
  }

  /** Makes the pending sign-up's account with the chosen username (the sign-up policy applies). */
  async finalize(id: string, username: string, origin: RequestOrigin): Promise<Result<UserRecord & { provider: string }, SignUpError | AuthError<'not-found'>>> {
    const found = await this.deps.pending.byId(id, this.deps.now());
    if (!found) return err(authErrors.notFound('Pending user'));
    const created = await this.signUp(
      { username, email: found.email, emailVerified: true, name: found.name, avatarUrl: found.avatarUrl, identity: { provider: found.provider, subject: found.subject } },
      origin,
    );
    if (!created.ok) return created;
    await this.deps.pending.delete(id);
    return ok({ ...created.value, provider: found.provider });
  }

  /** Unlinks a provider from the account, unless it is the only way left to sign in. */
  async unlinkProvider(user: UserRecord, provider: string): Promise<Result<void, AuthError<'not-found' | 'forbidden'>>> {
    const identities = await this.deps.users.identitiesOf(user.id);
    const linked = identities.filter((i) => i.provider === provider);
    if (linked.length === 0) return err(authErrors.notFound('Integration'));
    if (!user.passwordHash && identities.length === linked.length) return err({ kind: 'forbidden', message: 'This is the only way you sign in: set a password or link another provider first' });
    await this.deps.users.unlinkIdentities(user.id, provider);
    return ok(undefined);
  }

  /** Whose actions the person may read in the audit log: all (the owner), the members of the teams they administer, or none. */
  async auditVisibility(user: UserRecord): Promise<'all' | 'none' | string[]> {
    if (user.siteRole === 'owner') return 'all';
    const administered = (await this.deps.teams.membershipsOf(user.id)).filter((m) => m.authorization === 'ADMIN' && m.team.personalOwnerId === undefined);
    if (administered.length === 0) return 'none';
    const people = new Set<string>([user.id]);
    for (const m of administered) for (const member of await this.deps.teams.membersOf(m.team.id)) people.add(member.userId);
    return [...people];
  }

  private async refuse(account: NewAccount, origin: RequestOrigin, error: SignUpError): Promise<Result<UserRecord, SignUpError>> {
    await this.deps.audit.record({ at: this.deps.now(), actorUserId: undefined, action: 'sign-up', target: account.email, ip: origin.ip, userAgent: origin.userAgent, outcome: 'denied', details: { reason: error.kind } });
    return err(error);
  }
}
