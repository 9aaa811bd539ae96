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
  passwordMismatch: 'Passwords do not match',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  badCredentials: 'Invalid email/username or password',
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

export const passwordSchema = z
  .string({ error: required('Password') })
  .min(1, { error: required('Password'), abort: true })
  .min(PASSWORD_MIN, { error: accountMessages.passwordTooShort, abort: true })
  .max(PASSWORD_MAX, { error: accountMessages.passwordTooLong, abort: true })
  .refine((value) => !isCommonPassword(value), accountMessages.passwordTooCommon);

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
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const userSummarySchema = accountIdentity
  .extend({
    is_staff: z.boolean(),
    date_joined: z.string(),
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

/**
 * Some of the most used passwords of at least 6 characters (from public breach corpora). Short
 * ones are already refused by the length rule. Compared case-insensitively.
 */
const COMMON_PASSWORDS = new Set(
  `123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321
superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh
hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas hockey
ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn 555555 11111111
131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda summer love ashley
nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor matrix mobilemail
minecraft william corvette hello martin heather secret merlin diamond 1234qwer gfhjkm hammer silver 222222
88888888 anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard
samantha bigdog guitar jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan
welcome falcon cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa
boomer booboo spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234
compaq purple hardcore banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london
tennis 999999 ncc1701 coffee scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother forever
johnny edward 333333 oliver redsox player nikita knight fender barney midnight please brandy chicago
badboy slayer rangers charles angel flower rabbit wizard bigdick jasper enter rachel chris steven winner
adidas victoria natasha 1q2w3e4r jasmine winter prince panties marine ghbdtn fishing cocacola casper james
232323 raiders 888888 marlboro gandalf asdfasdf crystal 87654321 12344321 golden 8675309 disney sexy
qwerty123 password1 password123 passw0rd p@ssw0rd p@ssword pa$$word admin123 administrator admin1 root123
letmein1 welcome1 welcome123 iloveyou1 princess1 sunshine1 football1 baseball1 monkey1 dragon1 master1
qwerty1 abc12345 abcdef abcdefg abcdefgh 1q2w3e 1q2w3e4r5t 1qazxsw2 zaq12wsx zaq1zaq1 qwe123 asd123
zxc123 asdasd qweqwe aaaaaaaa 00000000 12121212 123456a 123456789a a123456 a12345 aa123456 123abc
abc123456 1234abcd 11223344 1122334455 147258369 123698745 1111111 11111111111 5555555 7654321 6543210
asdfghjkl asdfghjk qwertyu qwertyui q1w2e3 1a2b3c4d 1234561 12345a 123456q qazwsxedc 1qaz2wsx3edc
lovely loveme iloveu trustno1 beautiful babygirl butterfly sweety angels friends family blessed jesus
liverpool chelsea1 arsenal1 manchester barcelona realmadrid juventus football123 soccer1 basketball
pokemon naruto superman1 batman1 spiderman starwars1 hello123 hellohello goodluck changeme changeme1
default letmein123 secret123 password12 password1234 passwords qwertyqwerty 1234512345 123qweasd
qweasdzxc qweasd 1qaz1qaz zxcvbnm1 computer1 internet1 samsung1 iphone apple123 google facebook
linkedin myspace1 youtube twitter instagram whatsapp shopping bookstore books123 reading library
student teacher school123 summer2024 winter2024 spring2024 autumn2024 summer2023 welcome2024 password2024
october november december january february august september`
    .split(/\s+/)
    .filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
