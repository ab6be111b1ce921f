import type { CurrentUser as ApiCurrentUser, PendingUser as ApiPendingUser } from '../../protocol/api/users';
import type { MetaFeatures } from '../../protocol/api/meta';
import type { SsoInitializeResponse } from '../../protocol/api/auth';
import type { SignInFeatures } from '../../domain/session/sign-in-options';
import { AuthPort, CurrentUser, PendingUser } from '../../application/ports/auth.port';
import { ApiClient, ApiClientOptions } from './api-client';

/** The wire shapes (src/protocol/api) must keep fitting the port's: this fails to compile when they drift apart. */
const fits = <Port>(value: Port): Port => value;
export const wireFitsPort = {
  user: (u: ApiCurrentUser) => fits<CurrentUser>(u),
  pending: (p: ApiPendingUser) => fits<PendingUser>(p),
  features: (f: MetaFeatures) => fits<SignInFeatures>(f),
};

const path = encodeURIComponent;

/** AuthPort over the platform REST API (spec 000 §7 "Auth", /api/v1; features at /api/meta). */
export class AxiosAuth implements AuthPort {
  private readonly v1: ApiClient;
  private readonly meta: ApiClient;

  constructor(options: Omit<ApiClientOptions, 'baseURL'> & { origin?: string } = {}) {
    const origin = options.origin ?? '';
    this.v1 = new ApiClient({ ...options, baseURL: `${origin}/api/v1` });
    this.meta = new ApiClient({ ...options, baseURL: `${origin}/api/meta` });
  }

  async features(): Promise<SignInFeatures> {
    const f = await this.meta.fetch<Partial<MetaFeatures>>('GET', '/features');
    const signup = f.signup === 'open' || f.signup === 'closed' ? f.signup : 'invite';
    return {
      loginWithGithub: f.loginWithGithub === true,
      loginWithGoogle: f.loginWithGoogle === true,
      loginWithApple: f.loginWithApple === true,
      loginWithWorkos: f.loginWithWorkos === true,
      loginWithPassword: f.loginWithPassword === true,
      signup,
    };
  }

  currentUser(): Promise<CurrentUser> {
    return this.v1.fetch<ApiCurrentUser>('GET', '/users/current');
  }

  pendingUser(id: string): Promise<PendingUser> {
    return this.v1.fetch<ApiPendingUser>('GET', `/users/pending/${path(id)}`);
  }

  async finalize(id: string, username: string): Promise<void> {
    await this.v1.call('POST', '/users/finalize', { id, username });
  }

  async signOut(): Promise<void> {
    await this.v1.call('DELETE', '/users/signout');
  }

  passwordSignUp(request: { username: string; email: string; password: string }): Promise<CurrentUser> {
    return this.v1.fetch<ApiCurrentUser>('POST', '/auth/password/signup', request);
  }

  passwordSignIn(request: { login: string; password: string }): Promise<CurrentUser> {
    return this.v1.fetch<ApiCurrentUser>('POST', '/auth/password/signin', request);
  }

  async ssoInitialize(email: string): Promise<string> {
    return (await this.v1.fetch<SsoInitializeResponse>('GET', `/auth/workos/initialize?email=${path(email)}`)).redirectUrl;
  }

  async authToken(): Promise<string> {
    return (await this.v1.fetch<{ token: string }>('GET', '/auth/auth-token')).token;
  }

  async verifyToken(token: string): Promise<string> {
    return (await this.v1.fetch<{ token: string }>('GET', `/auth/verify/${path(token)}`)).token;
  }

  popupUrl(popupPath: string): string {
    return `/api/v1${popupPath}`;
  }
}
