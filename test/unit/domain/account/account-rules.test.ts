import { describeLastUse, describeTokenExpiry } from '../../../../src/domain/account/api-token-expiry';
import { canDeleteAccount } from '../../../../src/domain/account/delete-account';
import {
  NOTIFICATION_PREFERENCE_GROUPS,
  NOTIFICATION_PREFERENCE_NAMES,
  groupCheckState,
  readNotificationPreferences,
} from '../../../../src/domain/account/notification-preferences';
import {
  USERNAME_PATTERN,
  USERNAME_RULE,
  UsernameCheck,
  usernameCheckMessage,
  usernameCheckTransition,
  usernameSendable,
} from '../../../../src/domain/account/username';
import { NOTIFICATION_PREFERENCES, USERNAME_PATTERN as API_USERNAME_PATTERN, USERNAME_RULE as API_USERNAME_RULE } from '../../../../src/protocol/api/users';

describe('username check', () => {
  it('is the API rule', () => {
    expect(USERNAME_PATTERN.source).toBe(API_USERNAME_PATTERN.source);
    expect(USERNAME_RULE).toBe(API_USERNAME_RULE);
  });

  it('checks the rule first, then asks; answers for another name are dropped', () => {
    const unchanged: UsernameCheck = { kind: 'unchanged' };
    expect(usernameCheckTransition(unchanged, { type: 'typed', text: '-bad' })).toEqual({ kind: 'invalid', message: USERNAME_RULE });
    const checking = usernameCheckTransition(unchanged, { type: 'typed', text: ' ada ' });
    expect(checking).toEqual({ kind: 'checking', username: 'ada' });
    expect(usernameCheckTransition(checking, { type: 'answered', username: 'bob', available: false })).toBe(checking);
    const taken = usernameCheckTransition(checking, { type: 'answered', username: 'ada', available: false });
    expect(usernameCheckMessage(taken)).toEqual({ text: 'This username is taken', invalid: true });
    expect(usernameSendable(taken)).toBe(false);
    expect(usernameSendable(usernameCheckTransition(checking, { type: 'answered', username: 'ada', available: true }))).toBe(true);
    expect(usernameSendable(usernameCheckTransition(checking, { type: 'failed', username: 'ada', message: 'offline' }))).toBe(true);
  });

  it("one's own name (in any letter case) or nothing is unchanged", () => {
    expect(usernameCheckTransition({ kind: 'unchanged' }, { type: 'typed', text: 'ADA', current: 'ada' })).toEqual({ kind: 'unchanged' });
    expect(usernameCheckTransition({ kind: 'unchanged' }, { type: 'typed', text: '' })).toEqual({ kind: 'unchanged' });
  });
});

describe('notification preferences', () => {
  it("are spec 000 §3's nine booleans, the API's list, each in one group", () => {
    expect([...NOTIFICATION_PREFERENCE_NAMES]).toEqual([...NOTIFICATION_PREFERENCES]);
    expect(NOTIFICATION_PREFERENCE_GROUPS.flatMap((g) => g.names).sort()).toEqual([...NOTIFICATION_PREFERENCE_NAMES].sort());
  });

  it('reads strictly and gives a group checkbox its three states', () => {
    const prefs = readNotificationPreferences({ emailCommentMention: true, emailCommentReply: 'yes' });
    expect(prefs.emailCommentReply).toBe(false);
    expect(groupCheckState(prefs, ['emailCommentMention', 'emailCommentReply'])).toBe('indeterminate');
    expect(groupCheckState(prefs, ['emailCommentMention'])).toBe('checked');
    expect(groupCheckState(prefs, ['emailCommentReply'])).toBe('unchecked');
  });
});

describe('tokens and deletion', () => {
  const now = Date.parse('2025-01-10T12:00:00Z');
  it('describes expiry and last use', () => {
    expect(describeTokenExpiry(null, now)).toBe('Never expires');
    expect(describeTokenExpiry('2025-01-09T00:00:00Z', now)).toBe('Expired');
    expect(describeTokenExpiry('2025-01-10T20:00:00Z', now)).toBe('Expires today');
    expect(describeTokenExpiry('2025-01-20T12:00:01Z', now)).toBe('Expires in 10 days');
    expect(describeLastUse(null, now)).toBe('Never used');
    expect(describeLastUse('2025-01-09T11:00:00Z', now)).toBe('Yesterday');
    expect(describeLastUse('2025-01-01T12:00:00Z', now)).toBe('9 days ago');
  });

  it('deletes only with the username typed exactly', () => {
    expect(canDeleteAccount('ada', 'ada')).toBe(true);
    expect(canDeleteAccount('Ada', 'ada')).toBe(false);
    expect(canDeleteAccount('', '')).toBe(false);
  });
});
