import type { Event } from '../../base/event';
import type { SignInFeatures } from '../../domain/session/sign-in-options';

/** The person signed in, as `GET /api/v1/users/current` answers (spec 000 §3 "User"; src/protocol/api/users.ts). */
export interface CurrentUser {
  readonly id: string;
  readonly username: string;
  readonly name: string | null;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly avatarUrl: string | null;
  readonly bio: string | null;
  readonly socialLinks: readonly string[];
  /** The provider of the first linked identity, or 'password'. */
  readonly provider: string;
  readonly siteRole: 'owner' | 'member';
  readonly hasPassword: boolean;
  readonly personalWorkspaceId: string | null;
  readonly primaryWorkspaceId: string | null;
  readonly insertedAt: string;
  readonly featureFlags: Readonly<Record<string, boolean>>;
}

/** A provider sign-in without an account yet (`GET /users/pending/{id}`): the username is the suggestion. */
export interface PendingUser {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly avatarUrl: string | null;
  readonly username: string;
}

/**
 * Signing in and out: spec 000 §7 "Auth" plus Bullpen's password calls, under /api/v1 (features: /api/meta). Every
 * call rejects with an ApiRequestError (spec 000 §8).
 */
export const AuthPort = Symbol('AuthPort');

export interface AuthPort {
  /** `GET /api/meta/features`: which sign-in methods the server offers. */
  features(): Promise<SignInFeatures>;
  /** `GET /users/current` (401 without credentials). */
  currentUser(): Promise<CurrentUser>;
  pendingUser(id: string): Promise<PendingUser>;
  /** `POST /users/finalize {id, username}`: the account of a provider sign-up. */
  finalize(id: string, username: string): Promise<void>;
  /** `DELETE /users/signout`: ends the session on the server. */
  signOut(): Promise<void>;
  passwordSignUp(request: { username: string; email: string; password: string }): Promise<CurrentUser>;
  /** `login`: a username or an e-mail. */
  passwordSignIn(request: { login: string; password: string }): Promise<CurrentUser>;
  /** `GET /auth/workos/initialize?email=`: where the SSO sign-in of the e-mail's organisation starts (422: none). */
  ssoInitialize(email: string): Promise<string>;
  /** `GET /auth/auth-token`: a one-time token for the command line, for the signed-in person. */
  authToken(): Promise<string>;
  /** `GET /auth/verify/{token}`: exchanges a one-time token for a long-lived dev token (once). */
  verifyToken(token: string): Promise<string>;
  /** The path of a provider's sign-in popup page (spec 000 §7: `/auth/{provider}?version=2&scope=…`, under /api/v1). */
  popupUrl(path: string): string;
}

/**
 * What the browser holds that says who it is: the signed-in cookie the server sets (readable by scripts, 'true' or
 * 'false') and the dev token a command-line login stores (sent as a bearer token).
 */
export const CredentialsPort = Symbol('CredentialsPort');

export interface CredentialsPort {
  /** The signed-in cookie's value; undefined when there is none. */
  signedIn(): boolean | undefined;
  devToken(): string | undefined;
  /** Keeps the dev token (30 days, same-site strict, secure behind HTTPS: spec 000 §9). */
  storeDevToken(token: string): void;
  clearDevToken(): void;
  /** After every API response: the signed-in cookie's value then (spec 000 §4: false while AUTHENTICATED signs out). */
  readonly onDidReadSignedIn: Event<boolean>;
  /** The API clients call it after each response (the cookie may have changed). */
  responseArrived(): void;
}
