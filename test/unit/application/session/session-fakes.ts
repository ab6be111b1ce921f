import 'reflect-metadata';
import { Container } from 'inversify';
import { Emitter } from '../../../../src/base/event';
import { AccountPort } from '../../../../src/application/ports/account.port';
import { ApiRequestError } from '../../../../src/application/ports/api-request-error';
import { AuthPort, CredentialsPort, CurrentUser, PendingUser } from '../../../../src/application/ports/auth.port';
import { AuthWindow, AuthWindowOptions, AuthWindowsPort } from '../../../../src/application/ports/auth-windows.port';
import { NotifyError, NotifyInfo } from '../../../../src/application/tokens';
import { bindPlatform } from '../../../../src/composition/platform-bindings';
import type { SignInFeatures } from '../../../../src/domain/session/sign-in-options';

export const ada: CurrentUser = {
  id: 'u1',
  username: 'ada',
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  emailVerified: true,
  avatarUrl: null,
  bio: null,
  socialLinks: [],
  provider: 'github',
  siteRole: 'member',
  hasPassword: false,
  personalWorkspaceId: null,
  primaryWorkspaceId: null,
  insertedAt: '2025-01-01T00:00:00Z',
  featureFlags: {},
};

export const allFeatures: SignInFeatures = {
  loginWithGithub: true,
  loginWithGoogle: true,
  loginWithApple: true,
  loginWithWorkos: true,
  loginWithPassword: true,
  signup: 'open',
};

/** A deferred answer the test settles. */
export class Pending<T> {
  resolve!: (value: T) => void;
  reject!: (error: unknown) => void;
  readonly promise = new Promise<T>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });
}

/** The auth API: each call waits for the test (`next(name)`) unless an answer is set up front. */
export class FakeAuth implements AuthPort {
  readonly calls: Array<[string, ...unknown[]]> = [];
  readonly pending = new Map<string, Pending<unknown>[]>();
  /** Answers given at once, by call name (a function may throw). */
  readonly answers = new Map<string, (...args: unknown[]) => unknown>();

  private call<T>(name: string, ...args: unknown[]): Promise<T> {
    this.calls.push([name, ...args]);
    const answer = this.answers.get(name);
    if (answer) {
      try {
        return Promise.resolve(answer(...args) as T);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const deferred = new Pending<unknown>();
    this.pending.set(name, [...(this.pending.get(name) ?? []), deferred]);
    return deferred.promise as Promise<T>;
  }

  /** The oldest unanswered call of that name. */
  next(name: string): Pending<unknown> {
    const list = this.pending.get(name) ?? [];
    const first = list.shift();
    if (!first) throw new Error(`no pending ${name} call (calls: ${this.calls.map((c) => c[0]).join(', ')})`);
    return first;
  }

  names(): string[] {
    return this.calls.map((c) => c[0]);
  }

  features = () => this.call<SignInFeatures>('features');
  currentUser = () => this.call<CurrentUser>('currentUser');
  pendingUser = (id: string) => this.call<PendingUser>('pendingUser', id);
  finalize = (id: string, username: string) => this.call<void>('finalize', id, username);
  signOut = () => this.call<void>('signOut');
  passwordSignUp = (r: { username: string; email: string; password: string }) => this.call<CurrentUser>('passwordSignUp', r);
  passwordSignIn = (r: { login: string; password: string }) => this.call<CurrentUser>('passwordSignIn', r);
  ssoInitialize = (email: string) => this.call<string>('ssoInitialize', email);
  authToken = () => this.call<string>('authToken');
  verifyToken = (token: string) => this.call<string>('verifyToken', token);
  popupUrl = (path: string) => `/api/v1${path}`;
}

export class FakeCredentials implements CredentialsPort {
  signedInValue: boolean | undefined;
  token: string | undefined;
  readonly readings = new Emitter<boolean>();
  readonly onDidReadSignedIn = this.readings.event;
  signedIn = () => this.signedInValue;
  devToken = () => this.token;
  storeDevToken = (token: string) => void (this.token = token);
  clearDevToken = () => void (this.token = undefined);
  responseArrived = () => {
    if (this.signedInValue !== undefined) this.readings.fire(this.signedInValue);
  };
}

export class FakeWindow implements AuthWindow {
  readonly messages = new Emitter<unknown>();
  readonly closes = new Emitter<void>();
  readonly onDidPostMessage = this.messages.event;
  readonly onDidClose = this.closes.event;
  closed = false;
  constructor(
    readonly url: string,
    readonly options: AuthWindowOptions,
  ) {}
  close = () => {
    this.closed = true;
    this.dispose();
  };
  dispose = () => {
    this.messages.dispose();
    this.closes.dispose();
  };
  /** The person closed it. */
  closeByPerson(): void {
    this.closed = true;
    this.closes.fire();
    this.dispose();
  }
}

export class FakeWindows implements AuthWindowsPort {
  readonly opened: FakeWindow[] = [];
  readonly posted: unknown[] = [];
  readonly navigations: string[] = [];
  blocked = false;
  hasOpener = false;
  open = (url: string, options: AuthWindowOptions) => {
    if (this.blocked) return undefined;
    const window = new FakeWindow(url, options);
    this.opened.push(window);
    return window;
  };
  postToOpener = (message: unknown) => {
    if (!this.hasOpener) return false;
    this.posted.push(message);
    return true;
  };
  navigate = (url: string) => void this.navigations.push(url);
  get last(): FakeWindow {
    return this.opened.at(-1)!;
  }
}

/** The account API as a table of answers, recording the calls. */
export function fakeAccount(overrides: Partial<AccountPort> = {}): AccountPort & { calls: Array<[string, ...unknown[]]> } {
  const calls: Array<[string, ...unknown[]]> = [];
  const record =
    <A extends unknown[], R>(name: string, answer: (...args: A) => Promise<R>) =>
    (...args: A) => {
      calls.push([name, ...args]);
      return answer(...args);
    };
  const base: AccountPort = {
    updateProfile: async () => ada,
    usernameAvailable: async () => true,
    sessions: async () => [],
    revokeSession: async () => undefined,
    tokens: async () => [],
    createToken: async () => {
      throw new ApiRequestError(500, 'not set up');
    },
    revokeToken: async () => undefined,
    notificationPreferences: async () => {
      throw new ApiRequestError(500, 'not set up');
    },
    updateNotificationPreferences: async () => {
      throw new ApiRequestError(500, 'not set up');
    },
    changePassword: async () => undefined,
    deleteAccount: async () => undefined,
    ...overrides,
  };
  const recorded = Object.fromEntries(
    Object.entries(base).map(([name, fn]) => [name, record(name, fn as (...args: unknown[]) => Promise<unknown>)]),
  ) as unknown as AccountPort;
  return Object.assign(recorded, { calls });
}

/** A root-like container with the platform's stores over fakes; toasts are recorded. */
export function platformWithFakes<A extends AccountPort = ReturnType<typeof fakeAccount>>(account: A = fakeAccount() as unknown as A) {
  const auth = new FakeAuth();
  const credentials = new FakeCredentials();
  const windows = new FakeWindows();
  const errors: string[] = [];
  const infos: string[] = [];
  const c = new Container();
  c.bind(NotifyError).toConstantValue((m: string) => errors.push(m));
  c.bind(NotifyInfo).toConstantValue((m: string) => infos.push(m));
  bindPlatform(c, { auth, credentials, windows, account });
  return { c, auth, credentials, windows, account, errors, infos };
}

export const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
