import { Result, err, ok } from '../../../base/result';
import { SandboxRecord, SandboxRepository } from '../ports/sandbox-repository.port';
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

export interface Requester {
  username: string;
  name: string;
  access: AccessLevel;
  /** The browser session asking, when the server requires an access secret: the token is bound to it. */
  session?: string;
}

/** Creates sandboxes from templates and hands out short-lived pitcher tokens for them. */
export class SandboxService {
  constructor(
    private readonly repository: SandboxRepository,
    private readonly tokens: TokenService,
    private readonly newSandboxId: () => string,
    private readonly pitcherVersion: string,
    private readonly pitcherTokenTtlSeconds = PITCHER_TOKEN_TTL_SECONDS,
  ) {}

  /**
   * The sandbox opened by default: the first one, created from the template on first start (an existing data
   * directory keeps its sandboxes and their files; the template is only loaded when there is none).
   */
  async ensureDefault(loadTemplate: () => Promise<SandboxTemplate>): Promise<SandboxRecord> {
    const existing = await this.repository.list();
    if (existing.length > 0) return existing[0];
    const template = await loadTemplate();
    const record: SandboxRecord = { id: this.newSandboxId(), title: template.title, template: template.id, createdAt: new Date().toISOString() };
    await this.repository.create(record, template.files);
    return record;
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
    const grant: PitcherGrant = { sandboxId: id, username: requester.username, name: requester.name, access: requester.access, session: requester.session };
    return ok({
      pitcher_url: `${pitcherBaseUrl}/${encodeURIComponent(id)}`,
      pitcher_token: this.tokens.sign(PITCHER_TOKEN_PURPOSE, grant, this.pitcherTokenTtlSeconds),
      bootup_type: 'RUNNING',
      cluster: 'local',
      workspace_path: '/',
      user_workspace_path: '/',
      pitcher_manager_version: this.pitcherVersion,
      pitcher_version: this.pitcherVersion,
      latest_pitcher_version: this.pitcherVersion,
      username: requester.username,
    });
  }
}
