import { SandboxRepository } from '../ports/sandbox-repository.port';
import { AccessLevel, lowerAccess } from '../workspace/permissions';
import { PitcherGrant } from '../workspace/pitcher-grant';

/**
 * What a visitor may do now. Tokens are stateless, so a token says what was allowed when it was minted; every
 * upgrade and join asks this policy again, so lowering the anonymous access level (the server's, and restarting, or a
 * sandbox's own at run time) or deleting the sandbox takes effect for tokens already handed out.
 */
export class AccessPolicy {
  constructor(
    private readonly sandboxes: SandboxRepository,
    /** What a visitor without an account may do (BULLPEN_ANONYMOUS_ACCESS). */
    readonly anonymousAccess: AccessLevel,
  ) {}

  /**
   * The access a grant still carries: the lowest of the token's, the server's and the sandbox's own (its
   * anonymousAccess, changed at run time); undefined once its sandbox is gone.
   */
  async accessFor(grant: PitcherGrant): Promise<AccessLevel | undefined> {
    const record = await this.sandboxes.get(grant.sandboxId);
    if (!record) return undefined;
    return lowerAccess(grant.access, this.sandboxAccess(record.anonymousAccess));
  }

  /** What visitors may do in a sandbox whose own level is `sandboxLevel`: never more than the server allows. */
  sandboxAccess(sandboxLevel: AccessLevel | undefined): AccessLevel {
    return lowerAccess(this.anonymousAccess, sandboxLevel ?? 'write');
  }
}
