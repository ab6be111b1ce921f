import { SandboxAccess, Subject, sandboxAccess } from '../../../domain/access/authorization';
import { Principal } from '../platform/auth/principal';
import { SandboxRecord, SandboxRepository } from '../ports/sandbox-repository.port';
import { TeamRepository } from '../ports/team-repository.port';
import { UserRecord, UserRepository } from '../ports/user-repository.port';
import { AccessLevel, lowerAccess } from '../workspace/permissions';
import { PitcherGrant } from '../workspace/pitcher-grant';

/** The rules' view of a principal. */
export function subjectOf(principal: Principal): Subject {
  if (principal.kind === 'anonymous') return { kind: 'anonymous' };
  const scopes = principal.credential.kind === 'api-token' ? principal.credential.scopes : undefined;
  return { kind: 'person', siteOwner: principal.user.siteRole === 'owner', ...(scopes ? { scopes } : {}) };
}

/**
 * What someone may do in a sandbox now (ADR 0023, src/domain/access/authorization.ts), with the facts it takes from
 * the records: the sandbox's privacy and visitor level, and the person's role in its team. Tokens are stateless, so
 * a token says what was allowed when it was minted; every upgrade and join asks this policy again, so a lowered
 * visitor level, a person leaving the team or the sandbox going away take effect for tokens already handed out.
 */
export class AccessPolicy {
  constructor(
    private readonly sandboxes: SandboxRepository,
    private readonly users: UserRepository,
    private readonly teams: TeamRepository,
    /** What a visitor without an account may do at most (BULLPEN_ANONYMOUS_ACCESS). */
    readonly anonymousAccess: AccessLevel,
  ) {}

  /** What visitors may do in a sandbox whose own level is `sandboxLevel`: never more than the server allows. */
  sandboxAccess(sandboxLevel: AccessLevel | undefined): AccessLevel {
    return lowerAccess(this.anonymousAccess, sandboxLevel ?? 'write');
  }

  /** What the principal may do in the sandbox. */
  async accessOf(principal: Principal, record: SandboxRecord): Promise<SandboxAccess> {
    return this.decide(subjectOf(principal), principal.kind === 'user' ? principal.user.id : undefined, record);
  }

  /** The sandbox and what the principal may do in it; undefined when it is missing to them (missing, or private). */
  async readable(principal: Principal, id: string): Promise<{ record: SandboxRecord; access: 'read' | 'write' } | undefined> {
    const record = await this.sandboxes.get(id);
    if (!record) return undefined;
    const access = await this.accessOf(principal, record);
    return access === 'none' ? undefined : { record, access };
  }

  /** Whether the person, acting in their own name (not through a token's scopes), may read the sandbox. */
  async readableByPerson(user: UserRecord, id: string): Promise<boolean> {
    const record = await this.sandboxes.get(id);
    return record !== undefined && (await this.decide({ kind: 'person', siteOwner: user.siteRole === 'owner' }, user.id, record)) !== 'none';
  }

  /**
   * The access a pitcher grant still carries: the lower of the token's and what its holder may do now; undefined
   * once they may do nothing (the sandbox is gone, or private to them now).
   */
  async accessFor(grant: PitcherGrant): Promise<AccessLevel | undefined> {
    const record = await this.sandboxes.get(grant.sandboxId);
    if (!record) return undefined;
    let subject: Subject = { kind: 'anonymous' };
    if (grant.userId !== undefined) {
      const user = await this.users.byId(grant.userId);
      if (!user) return undefined;
      subject = { kind: 'person', siteOwner: user.siteRole === 'owner', ...(grant.scopes ? { scopes: grant.scopes } : {}) };
    }
    const now = await this.decide(subject, grant.userId, record);
    return now === 'none' ? undefined : lowerAccess(grant.access, now);
  }

  private async decide(subject: Subject, userId: string | undefined, record: SandboxRecord): Promise<SandboxAccess> {
    const teamRole = userId !== undefined && record.teamId !== undefined ? await this.teams.authorizationOf(record.teamId, userId) : undefined;
    return sandboxAccess(subject, { privacy: record.privacy, anonymousAccess: this.sandboxAccess(record.anonymousAccess), teamRole });
  }
}
