/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://localhost:3917/account"}
 */
import { CookieCredentials, DEV_TOKEN_MAX_AGE_SECONDS } from '../../../../src/adapters/browser/cookie-credentials.adapter';

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
};

describe('CookieCredentials', () => {
  afterEach(clearCookies);

  it("reads the signed-in cookie of this page's port, and reports it after each response", () => {
    const credentials = new CookieCredentials();
    const readings: boolean[] = [];
    credentials.onDidReadSignedIn((v) => readings.push(v));
    expect(credentials.signedIn()).toBeUndefined();
    credentials.responseArrived();
    document.cookie = 'bullpen_signed_in_3917=true; Path=/';
    document.cookie = 'bullpen_signed_in_4000=false; Path=/';
    expect(credentials.signedIn()).toBe(true);
    document.cookie = 'bullpen_signed_in_3917=false; Path=/';
    credentials.responseArrived();
    expect(readings).toEqual([false]);
  });

  it('behind a proxy (another port), takes the one signed-in cookie there is', () => {
    document.cookie = 'bullpen_signed_in_3000=true; Path=/';
    expect(new CookieCredentials(document, { port: '', protocol: 'https:' }).signedIn()).toBe(true);
    document.cookie = 'bullpen_signed_in_3001=false; Path=/';
    expect(new CookieCredentials(document, { port: '', protocol: 'https:' }).signedIn()).toBeUndefined();
  });

  it('stores the dev token for 30 days, same-site strict (secure behind HTTPS), and clears it', () => {
    const credentials = new CookieCredentials();
    credentials.storeDevToken('bp_a b');
    expect(credentials.devToken()).toBe('bp_a b');
    credentials.clearDevToken();
    expect(credentials.devToken()).toBeUndefined();
    const written: string[] = [];
    const jar = {
      get cookie() {
        return '';
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
    new CookieCredentials(jar, { port: '443', protocol: 'https:' }).storeDevToken('t');
    expect(written).toEqual([`bullpen_dev_token_443=t; Path=/; Max-Age=${DEV_TOKEN_MAX_AGE_SECONDS}; SameSite=Strict; Secure`]);
    expect(DEV_TOKEN_MAX_AGE_SECONDS).toBe(2_592_000);
  });
});
