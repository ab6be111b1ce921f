import { type Result, err, ok } from '../../base/result';

/**
 * Usernames: 1 to 39 letters, digits and single hyphens inside, as code hosts allow. The same rule as the API's
 * (src/protocol/api/users.ts, which the server checks; a unit test keeps the two equal).
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
export const USERNAME_RULE = 'A username has 1 to 39 letters, digits or single hyphens, and starts and ends with a letter or digit';

export function checkUsername(text: string): Result<string, string> {
  const username = text.trim();
  return USERNAME_PATTERN.test(username) ? ok(username) : err(USERNAME_RULE);
}

/** Where the check of a username being typed is (the account page and the sign-up's username choice). */
export type UsernameCheck =
  /** The person's own name, or nothing typed. */
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'checking'; readonly username: string }
  | { readonly kind: 'available'; readonly username: string }
  | { readonly kind: 'taken'; readonly username: string }
  /** The availability could not be asked; saving will tell. */
  | { readonly kind: 'unknown'; readonly username: string; readonly message: string };

export type UsernameCheckEvent =
  | { readonly type: 'typed'; readonly text: string; readonly current?: string }
  | { readonly type: 'answered'; readonly username: string; readonly available: boolean }
  | { readonly type: 'failed'; readonly username: string; readonly message: string };

export const USERNAME_TAKEN = 'This username is taken';
export const USERNAME_AVAILABLE = 'This username is available';

/** A username typed: checked against the rule, then asked for (`checking`); answers for an older text are dropped. */
export function usernameCheckTransition(check: UsernameCheck, event: UsernameCheckEvent): UsernameCheck {
  switch (event.type) {
    case 'typed': {
      const text = event.text.trim();
      if (text === '' || (event.current !== undefined && text.toLowerCase() === event.current.toLowerCase())) return { kind: 'unchanged' };
      const checked = checkUsername(text);
      return checked.ok ? { kind: 'checking', username: checked.value } : { kind: 'invalid', message: checked.error };
    }
    case 'answered':
      if (check.kind !== 'checking' || check.username !== event.username) return check;
      return event.available ? { kind: 'available', username: event.username } : { kind: 'taken', username: event.username };
    case 'failed':
      if (check.kind !== 'checking' || check.username !== event.username) return check;
      return { kind: 'unknown', username: event.username, message: event.message };
  }
}

/** The line under the field: the rule broken, taken, available, or nothing. */
export function usernameCheckMessage(check: UsernameCheck): { readonly text: string; readonly invalid: boolean } | undefined {
  switch (check.kind) {
    case 'invalid':
      return { text: check.message, invalid: true };
    case 'taken':
      return { text: USERNAME_TAKEN, invalid: true };
    case 'available':
      return { text: USERNAME_AVAILABLE, invalid: false };
    default:
      return undefined;
  }
}

/** Whether a form may be sent with this username: unchanged, available, or not known to be taken. */
export const usernameSendable = (check: UsernameCheck): boolean => check.kind === 'unchanged' || check.kind === 'available' || check.kind === 'unknown';
