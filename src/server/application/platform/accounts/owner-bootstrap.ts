import type { OneTimeTokenRepository } from '../../ports/one-time-token-repository.port';
import type { Secrets } from '../../ports/secrets.port';
import type { TeamRepository } from '../../ports/team-repository.port';
import type { UserRecord, UserRepository } from '../../ports/user-repository.port';
import type { AccountService } from './account-service';

/** How long the printed sign-in link works. */
export const SIGN_IN_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const OWNER_USERNAME = 'owner';
export const DEFAULT_TEAM_NAME = 'Default workspace';

export interface OwnerBootstrapDeps {
  users: UserRepository;
  teams: TeamRepository;
  accounts: AccountService;
  onceTokens: OneTimeTokenRepository;
  secrets: Secrets;
  now: () => Date;
}

export interface Owner {
  user: UserRecord;
  /** The team workspace the owner administers and the default sandbox belongs to. */
  defaultTeamId: string;
}

/**
 * The first start on an empty database (ADR 0023): the install's owner, their personal workspace, and the default
 * team workspace they administer. Later starts find them.
 */
export class OwnerBootstrap {
  constructor(private readonly deps: OwnerBootstrapDeps) {}

  async ensureOwner(): Promise<Owner> {
    const { users, teams, secrets, now } = this.deps;
    let owner = await users.owner();
    if (!owner) {
      const created = await users.create({ id: secrets.uuid(), username: await this.freeUsername(), siteRole: 'owner', name: 'Owner' });
      if (!created.ok) throw new Error(`Could not create the owner: ${created.error}`);
      owner = created.value;
    }
    await this.deps.accounts.ensurePersonalWorkspace(owner);
    const memberships = await teams.membershipsOf(owner.id);
    const shared = memberships.find((m) => m.team.personalOwnerId === undefined && m.authorization === 'ADMIN');
    if (shared) return { user: owner, defaultTeamId: shared.team.id };
    const at = now();
    const team = await teams.create({ id: secrets.uuid(), name: DEFAULT_TEAM_NAME, creatorId: owner.id, createdAt: at });
    await teams.setMember(team.id, owner.id, 'ADMIN', at);
    return { user: owner, defaultTeamId: team.id };
  }

  /** A new one-time sign-in link token for the owner (printed at start). */
  async signInLinkToken(owner: UserRecord): Promise<string> {
    const { secrets, now } = this.deps;
    const token = secrets.newSecret();
    const at = now();
    await this.deps.onceTokens.create({ tokenHash: secrets.digest(token), purpose: 'sign-in-link', userId: owner.id, createdAt: at, expiresAt: new Date(at.getTime() + SIGN_IN_LINK_TTL_MS) });
    return token;
  }

  /** The person a sign-in link token is for, once. */
  async redeemSignInLink(token: string): Promise<UserRecord | undefined> {
    if (token.length > 200) return undefined;
    const userId = await this.deps.onceTokens.consume(this.deps.secrets.digest(token), 'sign-in-link', this.deps.now());
    return userId === undefined ? undefined : this.deps.users.byId(userId);
  }

  private async freeUsername(): Promise<string> {
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? OWNER_USERNAME : `${OWNER_USERNAME}-${n}`;
      if (!(await this.deps.users.byUsername(candidate))) return candidate;
    }
  }
}
