import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { linkIn, mailTo } from './mailbox';
import { expectAccessible } from './support';

/**
 * Account recovery against the real server and a real mail server (e2e/serve.mjs): "Forgot password?"
 * from the sign-in page, the link read from the e-mail that arrived, a new password, and signing in.
 */
async function createAccount(request: APIRequestContext) {
  const username = `rec${randomBytes(4).toString('hex')}`;
  const account = { username, email: `${username}@example.test`, password: 'reading-all-night' };
  const res = await request.post('/api/register/', {
    data: { ...account, firstName: 'Rita', lastName: 'Reset', password2: account.password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

async function signIn(page: Page, identifier: string, password: string) {
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a forgotten password: ask for a link, open it from the e-mail, choose a new password, sign in', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page, 'forgot password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account uses this address' })).toBeVisible();

  const mail = await mailTo(account.email, 'Reset your');
  const link = linkIn(mail, '/reset-password?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page, 'reset password');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Minimum 6 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a-whole-new-secret');
  await page.getByLabel('Confirm new password').fill('a-whole-new-secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await signIn(page, account.username, account.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email/username or password' })).toBeVisible();
  await signIn(page, account.username, 'a-whole-new-secret');
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'This link has already been used.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('the reset screens say what is wrong: a bad address, a missing or made-up link', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.goto('/reset-password');
  await expect(page.getByRole('alert').filter({ hasText: 'This link is not valid.' })).toBeVisible();
  await page.goto(`/reset-password?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'This link is not valid.' })).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('the profile confirms the address from the welcome e-mail and changes the password with the current one', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const welcome = await mailTo(account.email, 'Welcome to');
  await page.goto('/login');
  await signIn(page, account.username, account.password);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Not verified')).toBeVisible();
  await expectAccessible(page, 'profile security');

  await page.goto(linkIn(welcome, '/verify-email?token='));
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you, your e-mail address is confirmed.' }),
  ).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('another-good-secret');
  await form.getByLabel('Confirm new password').fill('another-good-secret');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Your current password is not correct');
  await form.getByLabel('Current password').fill(account.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Your password has been changed. Your other sessions have been signed out.',
  );
  await mailTo(account.email, 'Your password was changed');
});
