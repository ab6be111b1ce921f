import { Result, err, ok } from '../../../base/result';
import { SandboxPrivacy, SandboxRecord, SandboxRepository } from '../ports/sandbox-repository.port';
import { WorkspaceStorage } from '../ports/workspace-storage.port';
import { TokenService } from '../ports/token-service.port';
import { AccessLevel } from '../workspace/permissions';
import { PITCHER_TOKEN_PURPOSE, PITCHER_TOKEN_TTL_SECONDS, PitcherGrant } from '../workspace/pitcher-grant';
import { SandboxTemplate } from './sandbox-template';

/** The host response of a start call (spec 002 §3), in the REST field names the published SDK reads. */
export interface StartedVm {
  pitcher_url: string;
  pitcher_token: string;
  bootup_type: 'RUNNING' | 'CLEAN';
  cluster: string;
  workspace_path: string;
  user_workspace_path: string;
  pitcher_manager_version: string;
  pitcher_version: string;
  latest_pitcher_version: string;
  username: string;
}

/** A sandbox record as kept before the database (sandbox.json). */
export type LegacySandbox = Pick<SandboxRecord, 'id' | 'title' | 'template' | 'createdAt' | 'anonymousAccess'>;

/** Who a pitcher token is for: a person (with their session or token scopes) or a visitor's guest name. */
export interface Requester {
  username: string;
  name: string;
  access: AccessLevel;
  avatarUrl?: string;
  userId?: string;
  /** The browser session asking: the token is bound to it (the websocket upgrade must carry its cookie). */
  session?: string;
  /** The scopes of the API token asking. */
  scopes?: string[];
}

export interface SandboxServiceDeps {
  repository: SandboxRepository;
  storage: WorkspaceStorage;
  tokens: TokenService;
  newSandboxId: () => string;
  pitcherVersion: string;
  pitcherTokenTtlSeconds?: number;
}

/** Where and how the default sandbox is made on first start. */
export interface DefaultSandboxPlacement {
  loadTemplate: () => Promise<SandboxTemplate>;
  teamId: string;
  authorId: string;
  privacy: SandboxPrivacy;
}

/** Creates sandboxes from templates and hands out short-lived pitcher tokens for them. */
export class SandboxService {
  private readonly repository: SandboxRepository;
  private readonly tokens: TokenService;

  constructor(private readonly deps: SandboxServiceDeps) {
    this.repository = deps.repository;
    this.tokens = deps.tokens;
  }

  /**
   * The sandbox opened by default: the first one, created from the template on first start (an existing data
   * directory keeps its sandboxes and their files; the template is only loaded when there is none). It belongs to
   * the owner's default team workspace.
   */
  async ensureDefault(placement: DefaultSandboxPlacement): Promise<SandboxRecord> {
    const existing = await this.repository.list();
    if (existing.length > 0) return existing[0];
    const template = await placement.loadTemplate();
    const record: SandboxRecord = {
      id: this.deps.newSandboxId(),
      title: template.title,
      template: template.id,
      createdAt: new Date().toISOString(),
      privacy: placement.privacy,
      teamId: placement.teamId,
      authorId: placement.authorId,
    };
    await this.deps.storage.create(record.id, template.files);
    await this.repository.create(record);
    return record;
  }

  /**
   * Records of sandboxes that data directories before the database kept as files become rows (issue 20 §2), in the
   * owner's default team, at the given privacy. Idempotent: a sandbox already in the database is left as it is. Its
   * files are not touched. The ids imported now.
   */
  async importLegacy(records: readonly LegacySandbox[], placement: Omit<DefaultSandboxPlacement, 'loadTemplate'>): Promise<string[]> {
    const imported: string[] = [];
    for (const legacy of records) {
      const created = await this.repository.create({ ...legacy, privacy: placement.privacy, teamId: placement.teamId, authorId: placement.authorId });
      if (created) imported.push(legacy.id);
    }
    return imported;
  }

  get(id: string): Promise<SandboxRecord | undefined> {
    return this.repository.get(id);
  }

  /** Changes what visitors may do in a sandbox (stored with it); joined clients follow through the workspace. */
  async setAnonymousAccess(id: string, access: AccessLevel): Promise<Result<SandboxRecord, 'not-found'>> {
    const record = await this.repository.get(id);
    if (!record) return err('not-found');
    const updated: SandboxRecord = { ...record, anonymousAccess: access };
    await this.repository.update(updated);
    return ok(updated);
  }

  /**
   * Mints a short-lived pitcher token for one sandbox at the requester's access level. `pitcherBaseUrl` is the
   * websocket origin plus `/pitcher`; the sandbox id is appended, so a token only opens the sandbox it names.
   */
  async start(id: string, requester: Requester, pitcherBaseUrl: string): Promise<Result<StartedVm, 'not-found'>> {
    const record = await this.repository.get(id);
    if (!record) return err('not-found');
    const grant: PitcherGrant = { sandboxId: id, ...requester };
    return ok({
      pitcher_url: `${pitcherBaseUrl}/${encodeURIComponent(id)}`,
      pitcher_token: this.tokens.sign(PITCHER_TOKEN_PURPOSE, grant, this.deps.pitcherTokenTtlSeconds ?? PITCHER_TOKEN_TTL_SECONDS),
      bootup_type: 'RUNNING',
      cluster: 'local',
      workspace_path: '/',
      user_workspace_path: '/',
      pitcher_manager_version: this.deps.pitcherVersion,
      pitcher_version: this.deps.pitcherVersion,
      latest_pitcher_version: this.deps.pitcherVersion,
      username: requester.username,
    });
  }
}
