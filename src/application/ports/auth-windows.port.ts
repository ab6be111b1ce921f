import type { Disposable } from '../../base/lifecycle';
import type { Event } from '../../base/event';

/** A window this page opened (a provider's sign-in popup, the command-line login window). */
export interface AuthWindow extends Disposable {
  /** A message the window posted to this page, from this page's origin only (parse it: it may be anything). */
  readonly onDidPostMessage: Event<unknown>;
  /** The window was closed (checked every `pollMs`). */
  readonly onDidClose: Event<void>;
  close(): void;
}

export interface AuthWindowOptions {
  readonly width: number;
  readonly height: number;
  /** How often the window's closing is checked (spec 000 §9: 500 ms for the sign-in popup). */
  readonly pollMs: number;
}

/** Windows of sign-in flows, and the way back to the page that opened this one. */
export const AuthWindowsPort = Symbol('AuthWindowsPort');

export interface AuthWindowsPort {
  /** Opens `url` in a popup centred on this window; undefined when the browser blocked it. */
  open(url: string, options: AuthWindowOptions): AuthWindow | undefined;
  /** Posts to the window that opened this page, when it is of this origin; false when there is none. */
  postToOpener(message: unknown): boolean;
  /** Leaves the page for `url` (an SSO issuer's sign-in page, say). */
  navigate(url: string): void;
}
