import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { expectAccessible } from './support';

/**
 * Accounts journeys against the real server: sign-up with a picture, sign-in by email and by
 * username, a session that outlives its access token, coming back after login, editing the
 * profile, signing out, and the staff-only area.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const STAFF = { email: 'admin@bookstore.test', password: 'staff-password-1' };

interface Account {
  email: string;
  username: string;
  password: string;
}

function newAccount(): Account {
  const username = `e2e${randomBytes(4).toString('hex')}`;
  return { username, email: `${username}@example.test`, password: 'reading-all-night' };
}

async function createAccount(request: APIRequestContext, account = newAccount()): Promise<Account> {
  const res = await request.post('/api/register/', {
    multipart: {
      email: account.email,
      username: account.username,
      firstName: 'Eve',
      lastName: 'Reader',
      bio: '',
      password: account.password,
      password2: account.password,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

async function signIn(page: Page, identifier: string, password: string) {
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const userMenu = (page: Page) => page.getByRole('button', { name: 'Open user menu' });

async function storedAuth(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').state ?? {});
}

/** A token the browser reads as expired (its signature does not matter: the server never accepts it). */
function unsignedToken(expiresInSeconds: number) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp: now + expiresInSeconds, is_staff: false, token_type: 'access' })}.${randomBytes(32).toString('base64url')}`;
}

test.describe('accounts', () => {
  // Each journey signs in (a deliberate argon2 hash on the server) and some run axe: room for a busy machine.
  test.describe.configure({ timeout: 90_000 });
  test('sign up with a picture signs the new shopper in', async ({ page }) => {
    const account = newAccount();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await expectAccessible(page, 'register');

    await page
      .getByLabel('Profile picture (optional)')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByAltText('Preview of your profile picture')).toHaveAttribute('src', /^blob:/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Bio (optional)').fill('Numbers and novels');
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Registration successful! Logging you in...')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenu(page)).toBeVisible();
    await expect(userMenu(page).locator('img')).toHaveAttribute('src', /^\/media\/profiles\/.+\.png$/);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(page.getByText(`@${account.username}`)).toBeVisible();
    await expect(page.getByText('Numbers and novels')).toBeVisible();

    // Signed-in shoppers are sent away from the sign-up page.
    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);
  });

  test('sign-up shows each rule and the server’s field errors', async ({ page, request }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'Email is required',
      'Username is required',
      'First name is required',
      'Last name is required',
      'Password is required',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel('Username').fill('a!');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Minimum 6 characters')).toBeVisible();

    await page.getByLabel('Profile picture (optional)').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await expect(page.getByText('File size should not exceed 5MB')).toBeVisible();
    await page
      .getByLabel('Profile picture (optional)')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(page.getByText('Please upload a valid image file (JPEG, PNG, or GIF)')).toBeVisible();
    await page.getByLabel('Profile picture (optional)').setInputFiles([]);

    const taken = await createAccount(request);
    const fresh = newAccount();
    await page.getByLabel('Email').fill(taken.email);
    await page.getByLabel('Username').fill(fresh.username);
    await page.getByLabel('First Name').fill('Sam');
    await page.getByLabel('Last Name').fill('Vimes');
    await page.getByLabel('Password', { exact: true }).fill('no-match-here');
    await page.getByLabel('Confirm Password').fill('no-match-there');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm Password').fill('no-match-here');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // In the shop's voice: the message alone, not 'email: …'.
    await expect(page.getByText('An account with this email already exists').first()).toBeVisible();
    await expect(page.getByText(/^email: /)).toHaveCount(0);
    await expect(page).toHaveURL(/\/register$/);
  });

  test('sign in by email, then by username; a wrong password says so', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await expectAccessible(page, 'login');
    await expect(page.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register');

    await signIn(page, account.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email/username or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, account.email, account.password);
    await expect(page.getByText('Successfully logged in!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenu(page)).toBeVisible();
    const stored = await storedAuth(page);
    expect(stored).toMatchObject({
      isAuth: true,
      isAdmin: false,
      profile: { username: account.username, is_staff: false },
    });
    expect(stored.access).toEqual(expect.any(String));
    expect(stored.refresh).toEqual(expect.any(String));

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    await page.goto('/login');
    await signIn(page, account.username.toUpperCase(), account.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenu(page)).toBeVisible();
  });

  test("a stranger who guessed wrong is held, but the owner's browser, which signed in before, gets in", async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await page.goto('/login');
    await signIn(page, account.email, account.password);
    await expect(userMenu(page)).toBeVisible();
    // The browser keeps a device cookie the page's scripts cannot read, sent only to the sign-in address.
    const device = (await page.context().cookies()).find((cookie) => cookie.name === 'device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    // A stranger on the same network (another client, no cookie) guesses until the account is held there.
    const stranger = (password: string) =>
      request.post('/api/login/', { data: { emailOrUsername: account.username, password } });
    for (let i = 0; i < 5; i += 1) expect((await stranger(`guess-${i}`)).status()).toBe(401);
    expect((await stranger(account.password)).status()).toBe(429);

    await page.goto('/login');
    await signIn(page, account.username, account.password);
    await expect(page.getByText('Successfully logged in!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenu(page)).toBeVisible();
    // The stranger is still held.
    expect((await stranger(account.password)).status()).toBe(429);
  });

  test('a session outlives its access token without the shopper noticing', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/login');
    await signIn(page, account.username, account.password);
    await expect(userMenu(page)).toBeVisible();
    const before = await storedAuth(page);

    // The access token has expired while the tab was closed: the client refreshes before calling.
    const expired = unsignedToken(-60);
    await page.evaluate((token) => {
      const saved = JSON.parse(localStorage.getItem('auth')!);
      saved.state.access = token;
      localStorage.setItem('auth', JSON.stringify(saved));
    }, expired);
    await page.goto('/profile');
    await expect(page.getByText(`@${account.username}`)).toBeVisible();
    const after = await storedAuth(page);
    expect(after.access).not.toBe(expired);
    expect(after.refresh).not.toBe(before.refresh);

    // A token the server refuses although it looks fresh: refreshed after the 401, and the call retried.
    await page.evaluate((token) => {
      const saved = JSON.parse(localStorage.getItem('auth')!);
      saved.state.access = token;
      localStorage.setItem('auth', JSON.stringify(saved));
    }, unsignedToken(600));
    await page.reload();
    await expect(page.getByText(`@${account.username}`)).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a guest sent to sign in comes back to the page they wanted', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please login to view your profile')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe('/profile');
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(`@${account.username}`)).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBeNull();
  });

  test('an ended session signs out and goes to /login, remembering the page', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/login');
    await signIn(page, account.username, account.password);
    await expect(userMenu(page)).toBeVisible();
    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('auth')!);
      saved.state.refresh = 'revoked-or-forged';
      saved.state.access = 'not.a.token';
      localStorage.setItem('auth', JSON.stringify(saved));
    });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    // Signing out reloads /login as a full page: read the storage once that page has replaced the old one
    // (a read that the reload cuts off is read again).
    await expect.poll(async () => (await storedAuth(page).catch(() => ({ isAuth: 'reloading' }))).isAuth).toBe(false);
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await signIn(page, account.username, account.password);
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('the profile shows every card, and edits save', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/login');
    await signIn(page, account.email, account.password);
    await userMenu(page).click();
    await expect(page.getByRole('menuitem', { name: /Wishlist/ })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await expect(page.getByRole('heading', { name: 'Eve Reader', level: 1 })).toBeVisible();
    for (const text of [
      'No bio available',
      'Recent Activity',
      'No recent activity',
      'Preferences',
      'No preferences set',
      account.email,
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Joined')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Activity' })).toHaveAttribute('href', '/activity');
    await expectAccessible(page, 'profile');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog).toBeVisible();
    await dialog
      .getByLabel('Profile Picture')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(dialog.getByText('Image size should be less than 5MB')).toBeVisible();
    await dialog.getByLabel('Profile Picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByAltText('Preview of your new profile picture')).toHaveAttribute('src', /^blob:/);
    await dialog.getByLabel('First Name').fill('Evelyn');
    await dialog.getByLabel('Bio').fill('Reads on trains');
    await expect(dialog.getByLabel('Bio')).toHaveAttribute('rows', '4');
    await expectAccessible(page, 'edit profile dialog');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Evelyn Reader', level: 1 })).toBeVisible();
    await expect(page.getByText('Reads on trains')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change profile picture' }).locator('img')).toHaveAttribute(
      'src',
      /^\/media\/profiles\/.+\.png$/,
    );

    // A server refusal is told as it is.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await dialog.getByLabel('First Name').fill('E');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('firstName: First name must be at least 2 characters')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('profile: loading failure shows the error state', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/login');
    await signIn(page, account.email, account.password);
    await expect(userMenu(page)).toBeVisible();
    await page.route('**/api/profile/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'boom' }) }),
    );
    await page.goto('/profile');
    await expect(page.getByText('Error loading profile')).toBeVisible();
    await expect(page.getByText('Please try again later')).toBeVisible();
  });

  test('sign out ends the session on the server too', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/login');
    await signIn(page, account.email, account.password);
    await expect(userMenu(page)).toBeVisible();
    const { refresh } = await storedAuth(page);
    await userMenu(page).click();
    // The page forgets the session at once and tells the server in the background: wait for that call.
    const told = page.waitForResponse((r) => r.url().endsWith('/api/logout/') && r.request().method() === 'POST');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await storedAuth(page)).toMatchObject({ isAuth: false, access: null, refresh: null, profile: null });
    expect((await told).status()).toBeLessThan(300);
    const reuse = await request.post('/api/token/refresh/', { data: { refresh } });
    expect(reuse.status()).toBe(401);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the admin area: shoppers are sent home, staff get in', async ({ page, request }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);

    const account = await createAccount(request);
    await page.goto('/login');
    await signIn(page, account.username, account.password);
    await expect(userMenu(page)).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();

    await page.goto('/login');
    await signIn(page, STAFF.email, STAFF.password);
    await expect(userMenu(page)).toBeVisible();
    expect((await storedAuth(page)).isAdmin).toBe(true);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
