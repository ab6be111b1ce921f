/** The message type a login window posts with the token (spec 000 §4 "Command-line login"). */
export const CLI_TOKEN_MESSAGE = 'CLI_TOKEN';

/** Spec 000 §2: the command-line login page's text while its token is on the way. */
export const CLI_LOGIN_WAITING = 'Waiting for token...';

/** The five steps of spec 000 §4 "Command-line login", plus how it ended. */
export type CliLoginState =
  | { readonly step: 'idle' }
  /** 1–2: the login window is open; waiting for its CLI_TOKEN message. */
  | { readonly step: 'waiting-for-token' }
  /** 3: the token is being verified (exchanged for a dev token). */
  | { readonly step: 'verifying' }
  /** 4–5: the dev token is stored; the session authenticates with it. */
  | { readonly step: 'authenticating' }
  | { readonly step: 'done' }
  | { readonly step: 'failed'; readonly message: string };

export type CliLoginEvent =
  | { readonly type: 'start' }
  | { readonly type: 'token-received'; readonly token: string }
  | { readonly type: 'verified'; readonly devToken: string }
  | { readonly type: 'verify-failed'; readonly message: string }
  | { readonly type: 'authenticated' }
  | { readonly type: 'authenticate-failed'; readonly message: string }
  | { readonly type: 'window-closed' };

export type CliLoginEffect =
  | { readonly kind: 'open-login-window' }
  | { readonly kind: 'close-login-window' }
  | { readonly kind: 'verify-token'; readonly token: string }
  | { readonly kind: 'store-dev-token'; readonly devToken: string }
  | { readonly kind: 'authenticate' };

export const CLI_LOGIN_WINDOW_CLOSED = 'The login window was closed before it gave a token';

export interface CliLoginTransition {
  readonly login: CliLoginState;
  readonly effects: readonly CliLoginEffect[];
}

const stay = (login: CliLoginState): CliLoginTransition => ({ login, effects: [] });

/** Command-line login as a pure transition: open a login window, wait for CLI_TOKEN, verify, store, authenticate. */
export function cliLoginTransition(login: CliLoginState, event: CliLoginEvent): CliLoginTransition {
  switch (event.type) {
    case 'start':
      if (login.step !== 'idle' && login.step !== 'failed' && login.step !== 'done') return stay(login);
      return { login: { step: 'waiting-for-token' }, effects: [{ kind: 'open-login-window' }] };
    case 'token-received':
      if (login.step !== 'waiting-for-token' || event.token === '') return stay(login);
      return { login: { step: 'verifying' }, effects: [{ kind: 'close-login-window' }, { kind: 'verify-token', token: event.token }] };
    case 'verified':
      if (login.step !== 'verifying') return stay(login);
      return { login: { step: 'authenticating' }, effects: [{ kind: 'store-dev-token', devToken: event.devToken }, { kind: 'authenticate' }] };
    case 'verify-failed':
      return login.step === 'verifying' ? stay({ step: 'failed', message: event.message }) : stay(login);
    case 'authenticated':
      return login.step === 'authenticating' ? stay({ step: 'done' }) : stay(login);
    case 'authenticate-failed':
      return login.step === 'authenticating' ? stay({ step: 'failed', message: event.message }) : stay(login);
    case 'window-closed':
      return login.step === 'waiting-for-token' ? stay({ step: 'failed', message: CLI_LOGIN_WINDOW_CLOSED }) : stay(login);
  }
}

/** Reads a window message as the login window's token: `{type: 'CLI_TOKEN', token}`; anything else is not one. */
export function parseCliTokenMessage(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, token } = data as { type?: unknown; token?: unknown };
  return type === CLI_TOKEN_MESSAGE && typeof token === 'string' && token !== '' ? token : undefined;
}
