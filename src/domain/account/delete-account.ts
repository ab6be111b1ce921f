/** Deleting an account needs its username typed (the API's `confirm`); letter case must match too. */
export const canDeleteAccount = (typed: string, username: string): boolean => typed.trim() === username && username !== '';

export const DELETE_ACCOUNT_TEXTS = {
  title: 'Delete account',
  warning: 'Deleting your account removes your sandboxes, sessions and API tokens. This cannot be undone.',
  confirmLabel: (username: string) => `Type ${username} to confirm`,
  button: 'Delete my account',
} as const;
