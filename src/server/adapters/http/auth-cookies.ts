import { SESSION_TTL_MS } from '../../application/platform/auth/session-service';

/** Per port, so two Bullpens on one host (cookies ignore the port) keep their sessions apart. */
export interface AuthCookieNames {
  /** HttpOnly: `<session id>.<secret>`. */
  session: string;
  /** Readable by the page: 'true' while signed in, 'false' once the server found the session gone (spec 000 §4). */
  signedIn: string;
}

export const authCookieNames = (port: number): AuthCookieNames => ({ session: `bullpen_session_${port}`, signedIn: `bullpen_signed_in_${port}` });

const MAX_AGE_SECONDS = Math.floor(SESSION_TTL_MS / 1000);

/** Spec 000 §9: 30 days, same-site strict, secure (over https). */
const attributes = (maxAge: number, secure: boolean, httpOnly: boolean) =>
  ['Path=/', `Max-Age=${maxAge}`, ...(httpOnly ? ['HttpOnly'] : []), 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');

export function signedInCookies(names: AuthCookieNames, sessionValue: string, secure: boolean): string[] {
  return [`${names.session}=${sessionValue}; ${attributes(MAX_AGE_SECONDS, secure, true)}`, `${names.signedIn}=true; ${attributes(MAX_AGE_SECONDS, secure, false)}`];
}

/** Signed out (or the session is gone): the session cookie goes, the signed-in cookie says false. */
export function signedOutCookies(names: AuthCookieNames, secure: boolean): string[] {
  return [`${names.session}=; ${attributes(0, secure, true)}`, `${names.signedIn}=false; ${attributes(MAX_AGE_SECONDS, secure, false)}`];
}

/** The value of one cookie in a Cookie header (the first one of that name). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
