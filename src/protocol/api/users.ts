import { z } from 'zod';

/** Usernames: 1 to 39 letters, digits and single hyphens inside, as code hosts allow (they appear in URLs). */
export const USERNAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
export const USERNAME_RULE = 'A username has 1 to 39 letters, digits or single hyphens, and starts and ends with a letter or digit';
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_RULE = `A password has ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`;
/** Spec 000 §3's notification preferences. */
export const NOTIFICATION_PREFERENCES = [
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
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];

const username = z.string().regex(USERNAME_PATTERN, USERNAME_RULE);
const password = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_RULE).max(PASSWORD_MAX_LENGTH, PASSWORD_RULE);
const email = z.string().max(254).email('Enter a valid e-mail address');

/** The person signed in, as `GET /users/current` answers (spec 000 §3 "User"). */
export interface CurrentUser {
  id: string;
  username: string;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  avatarUrl: string | null;
  bio: string | null;
  socialLinks: string[];
  /** The provider of the first linked identity, or 'password'. */
  provider: string;
  /** 'owner': the install's owner. */
  siteRole: 'owner' | 'member';
  hasPassword: boolean;
  personalWorkspaceId: string | null;
  primaryWorkspaceId: string | null;
  insertedAt: string;
  integrations: Record<string, unknown>;
  badges: unknown[];
  featureFlags: Record<string, boolean>;
}

/** Someone else, as `GET /users/{username}` answers. */
export interface PublicUser {
  id: string;
  username: string;
  name: string | null;
  avatarUrl: string | null;
  bio: string | null;
  socialLinks: string[];
}

/** A provider sign-in without an account yet (`GET /users/pending/{id}`). */
export interface PendingUser {
  id: string;
  email: string;
  name: string | null;
  avatarUrl: string | null;
  username: string;
}

export const PasswordSignUpRequest = z.strictObject({ username, email, password });
export type PasswordSignUpRequest = z.infer<typeof PasswordSignUpRequest>;

/** `login`: a username or an e-mail. */
export const PasswordSignInRequest = z.strictObject({ login: z.string().min(1, 'Enter your username or e-mail').max(254), password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH) });
export type PasswordSignInRequest = z.infer<typeof PasswordSignInRequest>;

export const FinalizeUserRequest = z.strictObject({ id: z.string().min(1).max(64), username });
export type FinalizeUserRequest = z.infer<typeof FinalizeUserRequest>;

export const UpdateCurrentUserRequest = z.strictObject({
  username: username.optional(),
  name: z.string().max(100).nullable().optional(),
  bio: z.string().max(1000).nullable().optional(),
  socialLinks: z.array(z.string().url().max(500)).max(10).optional(),
});
export type UpdateCurrentUserRequest = z.infer<typeof UpdateCurrentUserRequest>;

export const ChangePasswordRequest = z.strictObject({ currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(), newPassword: password });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** Deleting one's account: `confirm` must be the username, typed. */
export const DeleteCurrentUserRequest = z.strictObject({ confirm: z.string().max(100) });
export type DeleteCurrentUserRequest = z.infer<typeof DeleteCurrentUserRequest>;

export const NotificationPreferencesRequest = z.strictObject(
  Object.fromEntries(NOTIFICATION_PREFERENCES.map((name) => [name, z.boolean().optional()])) as Record<NotificationPreference, z.ZodOptional<z.ZodBoolean>>,
);
export type NotificationPreferencesRequest = z.infer<typeof NotificationPreferencesRequest>;

/** Editor settings are the client's own JSON object, kept as given (at most 64 KiB). */
export const EditorSettingsRequest = z.record(z.string(), z.unknown());
