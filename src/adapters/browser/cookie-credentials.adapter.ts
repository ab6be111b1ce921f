import { Emitter } from '../../base/event';
import type { CredentialsPort } from '../../application/ports/auth.port';

/** Spec 000 §9: the dev-token cookie lasts 30 days, same-site strict, secure (behind HTTPS). */
export const DEV_TOKEN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export const signedInCookieName = (port: string): string => `bullpen_signed_in_${port}`;
export const devTokenCookieName = (port: string): string => `bullpen_dev_token_${port}`;

type CookieJar = Pick<Document, 'cookie'>;
type PageLocation = Pick<Location, 'port' | 'protocol'>;

function readCookies(jar: CookieJar): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of jar.cookie.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!cookies.has(name)) {
      try {
        cookies.set(name, decodeURIComponent(part.slice(at + 1).trim()));
      } catch {
        cookies.set(name, part.slice(at + 1).trim());
      }
    }
  }
  return cookies;
}

/**
 * The browser's credentials in cookies. The server names its cookies after the port it listens on
 * (`bullpen_signed_in_<port>`, ADR 0023), so two servers on one host keep theirs apart; the page's port is that port
 * unless a proxy is in between, when the one signed-in cookie there is taken.
 */
export class CookieCredentials implements CredentialsPort {
  private readonly readings = new Emitter<boolean>();
  readonly onDidReadSignedIn = this.readings.event;

  constructor(
    private readonly jar: CookieJar = globalThis.document,
    private readonly location: PageLocation = globalThis.location,
  ) {}

  private get port(): string {
    return this.location.port || (this.location.protocol === 'https:' ? '443' : '80');
  }

  signedIn(): boolean | undefined {
    const cookies = readCookies(this.jar);
    let value = cookies.get(signedInCookieName(this.port));
    if (value === undefined) {
      const others = [...cookies].filter(([name]) => name.startsWith('bullpen_signed_in_'));
      if (others.length === 1) value = others[0]![1];
    }
    return value === 'true' ? true : value === 'false' ? false : undefined;
  }

  devToken(): string | undefined {
    const token = readCookies(this.jar).get(devTokenCookieName(this.port));
    return token ? token : undefined;
  }

  storeDevToken(token: string): void {
    this.write(encodeURIComponent(token), DEV_TOKEN_MAX_AGE_SECONDS);
  }

  clearDevToken(): void {
    this.write('', 0);
  }

  responseArrived(): void {
    const value = this.signedIn();
    if (value !== undefined) this.readings.fire(value);
  }

  private write(value: string, maxAge: number): void {
    const secure = this.location.protocol === 'https:' ? '; Secure' : '';
    this.jar.cookie = `${devTokenCookieName(this.port)}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Strict${secure}`;
  }
}
