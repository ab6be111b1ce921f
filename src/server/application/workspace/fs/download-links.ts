import { TokenService } from '../../ports/token-service.port';

/** What a download link grants: one path of one sandbox, with the client's excludes, until the token expires. */
export interface DownloadGrant {
  sandboxId: string;
  /** Clean workspace-relative path ('' = the whole workspace). */
  path: string;
  excludes: string[];
}

export const DOWNLOAD_TOKEN_PURPOSE = 'download';
/** Long enough to click a link or start a fetch; a download that started may take longer. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 5 * 60;
/** `/download/<token>/<file name>`: served by the HTTP adapter without other credentials (the token is the grant). */
export const DOWNLOAD_PATH_PREFIX = '/download/';

/**
 * Mints and checks fs/download URLs. The URL is absolute on BULLPEN_PUBLIC_URL's origin when one is configured,
 * otherwise root-relative to the server the client reached (a browser resolves it against the page).
 */
export class DownloadLinks {
  private readonly origin: string;

  constructor(
    private readonly tokens: TokenService,
    publicUrl: string | undefined,
    private readonly ttlSeconds = DOWNLOAD_TOKEN_TTL_SECONDS,
  ) {
    this.origin = publicUrl === undefined ? '' : new URL(publicUrl).origin;
  }

  link(grant: DownloadGrant, filename: string): string {
    const token = this.tokens.sign<DownloadGrant>(DOWNLOAD_TOKEN_PURPOSE, grant, this.ttlSeconds);
    return `${this.origin}${DOWNLOAD_PATH_PREFIX}${token}/${encodeURIComponent(filename)}`;
  }

  /** The grant of a valid, unexpired token; undefined otherwise. */
  verify(token: string): DownloadGrant | undefined {
    const grant = this.tokens.verify<DownloadGrant>(DOWNLOAD_TOKEN_PURPOSE, token);
    if (!grant || typeof grant.sandboxId !== 'string' || typeof grant.path !== 'string' || !Array.isArray(grant.excludes)) return undefined;
    return grant;
  }
}
