/** Spec 000 §3 "User": the notification preferences, all booleans (the API's list, src/protocol/api/users.ts). */
export const NOTIFICATION_PREFERENCE_NAMES = [
  'emailCommentMention',
  'emailCommentReply',
  'emailMarketing',
  'emailNewComment',
  'emailSandboxInvite',
  'emailTeamInvite',
  'emailTeamRequest',
  'inAppPrReviewReceived',
  'inAppPrReviewRequest',
] as const;
export type NotificationPreferenceName = (typeof NOTIFICATION_PREFERENCE_NAMES)[number];
export type NotificationPreferences = Readonly<Record<NotificationPreferenceName, boolean>>;

/** How the account page names each preference, in its two groups. */
export const NOTIFICATION_PREFERENCE_LABELS: Readonly<Record<NotificationPreferenceName, string>> = {
  emailCommentMention: 'Someone mentions me in a comment',
  emailCommentReply: 'Someone replies to my comment',
  emailNewComment: 'Someone comments on my sandbox',
  emailSandboxInvite: 'I am invited to a sandbox',
  emailTeamInvite: 'I am invited to a workspace',
  emailTeamRequest: 'Someone asks to join my workspace',
  emailMarketing: 'News and product updates',
  inAppPrReviewReceived: 'A review of my pull request arrives',
  inAppPrReviewRequest: 'My review of a pull request is requested',
};

export const NOTIFICATION_PREFERENCE_GROUPS: readonly { readonly title: string; readonly names: readonly NotificationPreferenceName[] }[] = [
  {
    title: 'E-mail',
    names: ['emailCommentMention', 'emailCommentReply', 'emailNewComment', 'emailSandboxInvite', 'emailTeamInvite', 'emailTeamRequest', 'emailMarketing'],
  },
  { title: 'In Bullpen', names: ['inAppPrReviewReceived', 'inAppPrReviewRequest'] },
];

/** The preferences a server answered, read strictly: a missing or non-boolean value is off. */
export function readNotificationPreferences(value: unknown): NotificationPreferences {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(NOTIFICATION_PREFERENCE_NAMES.map((name) => [name, record[name] === true])) as NotificationPreferences;
}

/** The state of a group's "all" checkbox: checked, unchecked or indeterminate (spec 000 §4). */
export function groupCheckState(preferences: NotificationPreferences, names: readonly NotificationPreferenceName[]): 'checked' | 'unchecked' | 'indeterminate' {
  const on = names.filter((name) => preferences[name]).length;
  return on === 0 ? 'unchecked' : on === names.length ? 'checked' : 'indeterminate';
}
