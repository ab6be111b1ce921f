import { Container } from 'inversify';
import { ApiTokensStore } from '../application/account/api-tokens.store';
import { DeleteAccountStore } from '../application/account/delete-account.store';
import { NotificationPreferencesStore } from '../application/account/notification-preferences.store';
import { PasswordStore } from '../application/account/password.store';
import { ProfileStore } from '../application/account/profile.store';
import { SessionsListStore } from '../application/account/sessions-list.store';
import { AccountPort } from '../application/ports/account.port';
import { AuthPort, CredentialsPort } from '../application/ports/auth.port';
import { AuthWindowsPort } from '../application/ports/auth-windows.port';
import { CliLoginStore } from '../application/session/cli-login.store';
import { CliTokenPageStore } from '../application/session/cli-token-page.store';
import { SessionStore } from '../application/session/session.store';
import { SignInDialogStore } from '../application/session/sign-in-dialog.store';
import { SsoFormStore } from '../application/session/sso-form.store';
import { CookieCredentials } from '../adapters/browser/cookie-credentials.adapter';
import { WindowAuthWindows } from '../adapters/browser/window-auth-windows.adapter';
import { AxiosAccount } from '../adapters/rest/axios-account.adapter';
import { AxiosAuth } from '../adapters/rest/axios-auth.adapter';
import { bindSingleton } from './scoped-bindings';

export interface PlatformPorts {
  readonly credentials: CredentialsPort;
  readonly auth: AuthPort;
  readonly account: AccountPort;
  readonly windows: AuthWindowsPort;
}

/** The browser's platform ports: the REST API with the cookies' credentials, and the window for sign-in popups. */
export function browserPlatformPorts(): PlatformPorts {
  const credentials = new CookieCredentials();
  return { credentials, auth: new AxiosAuth({ credentials }), account: new AxiosAccount({ credentials }), windows: new WindowAuthWindows() };
}

/** The session and the account (spec 000 §2–§4): root stores over the platform ports. */
export function bindPlatform(c: Container, ports: PlatformPorts = browserPlatformPorts()): void {
  c.bind<CredentialsPort>(CredentialsPort).toConstantValue(ports.credentials);
  c.bind<AuthPort>(AuthPort).toConstantValue(ports.auth);
  c.bind<AccountPort>(AccountPort).toConstantValue(ports.account);
  c.bind<AuthWindowsPort>(AuthWindowsPort).toConstantValue(ports.windows);
  for (const store of [SessionStore, SignInDialogStore, SsoFormStore, CliLoginStore, CliTokenPageStore]) bindSingleton(c, store);
  for (const store of [ProfileStore, SessionsListStore, ApiTokensStore, NotificationPreferencesStore, PasswordStore, DeleteAccountStore])
    bindSingleton(c, store);
}
