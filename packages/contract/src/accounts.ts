import { z } from 'zod';
import { pageMetaSchema, wholeNumber } from './common.js';
import { isPlainLine, isPlainMultiline, plainTextMessage } from './text.js';

/**
 * Accounts: registration, sign-in, tokens, profile and the staff users list. One set of rules for the
 * web forms and the server (docs/product.md, "Rules", "Where we depart from the original brief"). The picture is a file, so its rules are
 * constants here and each side checks them its own way (the browser by type and size, the server by bytes).
 */

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const accountMessages = {
  pictureTooLarge: 'File size should not exceed 5MB',
  pictureWrongType: 'Please upload a valid image file (JPEG, PNG, or GIF)',
  profilePictureTooLarge: 'Image size should be less than 5MB',
  passwordTooShort: 'Minimum 6 characters',
  passwordTooLong: 'Maximum 128 characters',
  passwordTooCommon: 'This password is too common',
  passwordHasIdentity: 'Your password must not contain your username or e-mail',
  passwordMismatch: 'Passwords do not match',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  badCredentials: 'Invalid email/username or password',
  disabled: 'This account has been disabled. Please contact us if you think this is a mistake.',
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const required = (label: string) => `${label} is required`;

export const emailSchema = z
  .string({ error: required('Email') })
  .trim()
  .min(1, { error: required('Email'), abort: true })
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'));

export const usernameSchema = z
  .string({ error: required('Username') })
  .trim()
  .min(1, { error: required('Username'), abort: true })
  .min(3, { error: 'Username must be at least 3 characters', abort: true })
  .max(12, { error: 'Username must be at most 12 characters', abort: true })
  .regex(/^[A-Za-z0-9_-]+$/, 'Username can only contain letters, numbers, underscores and hyphens');

const nameSchema = (label: string) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, { error: required(label), abort: true })
    .min(2, `${label} must be at least 2 characters`)
    .max(20, `${label} must be at most 20 characters`)
    .refine(isPlainLine, plainTextMessage(label));
export const firstNameSchema = nameSchema('First name');
export const lastNameSchema = nameSchema('Last name');

export const bioSchema = z
  .string()
  .trim()
  .max(500, 'Bio must be at most 500 characters')
  .refine(isPlainMultiline, plainTextMessage('Bio'));

/**
 * A new password's length. The server also refuses the 10,000 most common ones and any holding the
 * account's names (`passwordHasIdentity`), with the same words (accountMessages).
 */
export const passwordSchema = z
  .string({ error: required('Password') })
  .min(1, { error: required('Password'), abort: true })
  .min(PASSWORD_MIN, { error: accountMessages.passwordTooShort, abort: true })
  .max(PASSWORD_MAX, { error: accountMessages.passwordTooLong, abort: true });

/** The text fields of a registration (the picture is checked apart). */
export const registerSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    bio: bioSchema.optional().default(''),
    password: passwordSchema,
    password2: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .refine((data) => data.password === data.password2, {
    message: accountMessages.passwordMismatch,
    path: ['password2'],
  })
  .refine((data) => !passwordHasIdentity(data.password, data), {
    message: accountMessages.passwordHasIdentity,
    path: ['password'],
  });
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

export const loginSchema = z.object({
  emailOrUsername: z
    .string({ error: 'Email or username is required' })
    .trim()
    .min(1, 'Email or username is required')
    .max(254, 'Email or username is too long'),
  // Not the registration rules: old passwords still work, and too-long input never reaches the hash.
  password: z
    .string({ error: required('Password') })
    .min(1, required('Password'))
    .max(PASSWORD_MAX, accountMessages.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() }).meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshRequestSchema = z.object({
  refresh: z.string({ error: 'refresh is required' }).min(1, 'refresh is required').max(2000),
});

/** Profile edit: every field optional, only the ones sent change. */
export const profileUpdateSchema = z.object({
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  email: emailSchema.optional(),
  bio: bioSchema.optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** Who an account is: the fields a profile and the staff users list both begin with. */
const accountIdentity = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** docs/product.md, "Data" "User profile", with the snake_case names the contact form and auth store read. */
export const profileSchema = accountIdentity
  .extend({
    first_name: z.string(),
    last_name: z.string(),
    bio: z.string(),
    profilePicture: z.string().nullable(),
    profile_picture: z.string().nullable(),
    date_joined: z.string(),
    is_staff: z.boolean(),
    /** The owner opened the link mailed to this address. */
    email_verified: z.boolean(),
    /** Staff only: the e-mails they get. */
    staff_notifications: z.object({ paid_orders: z.boolean() }).optional(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const userSummarySchema = accountIdentity
  .extend({
    is_staff: z.boolean(),
    date_joined: z.string(),
    /** Disabled by staff: cannot sign in. */
    disabled: z.boolean(),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof userSummarySchema>;

export const usersPageSchema = z.object({ data: z.array(userSummarySchema), meta: pageMetaSchema });
export type UsersPage = z.infer<typeof usersPageSchema>;

/** `GET /users/?page=&pages=10`: the spec's `pages` is the page size. */
export const usersQuerySchema = z.object({
  page: wholeNumber('page', 1, 1_000_000).optional().default(1),
  pages: wholeNumber('pages', 1, 100).optional().default(10),
  /** Part of a username or email (the dashboard's search box). */
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});

/** `PUT /users/{id}/staff/`: staff grant or take away staff; nobody changes their own. */
export const staffChangeSchema = z.object({ is_staff: z.boolean({ error: 'is_staff must be true or false' }) });
export type StaffChange = z.infer<typeof staffChangeSchema>;
export const OWN_STAFF_MESSAGE = 'You cannot change your own staff access';

/** PUT /api/profile/notifications/ (staff): which staff e-mails they get. */
export const staffNotificationsSchema = z
  .object({ paid_orders: z.boolean({ error: 'paid_orders must be true or false' }) })
  .meta({ id: 'StaffNotifications' });
export type StaffNotifications = z.infer<typeof staffNotificationsSchema>;

export const accessChangeSchema = z.object({ disabled: z.boolean({ error: 'disabled must be true or false' }) });
export type AccessChange = z.infer<typeof accessChangeSchema>;
export const OWN_ACCOUNT_DISABLE_MESSAGE = 'You cannot disable your own account';
export const STAFF_DISABLE_MESSAGE = 'Take away staff access before disabling this account';

/**
 * Whether a password holds the account's username or the name of its e-mail address (before the @),
 * in any case: the first things a guesser tries. A name shorter than 3 characters is in too many
 * passwords to mean anything and is not looked for. The server checks it on every new password (with
 * the 10,000 most common, a list too large for the browser: modules/accounts/passwords.ts); the forms
 * check it where they know the account (docs/decisions/0028-trust-round-three.md).
 */
export function passwordHasIdentity(password: string, account: { username?: string; email?: string }): boolean {
  const lower = password.toLowerCase();
  const names = [account.username ?? '', (account.email ?? '').split('@')[0] ?? ''];
  return names.some((name) => {
    const part = name.trim().toLowerCase();
    return part.length >= 3 && lower.includes(part);
  });
}
