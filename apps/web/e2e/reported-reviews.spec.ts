import { expect, test, type Page } from './fixtures';
import {
  accessToken,
  buyableBook,
  createAccount,
  expectAccessibleInBothThemes,
  serverError,
  signIn,
  signInAsStaff,
  signInFromLoginPage,
  stubJson,
  toasts,
} from './support';

// Shoppers report others' reviews; staff keep or delete them from the Reviews section, and disable or
// enable customers' accounts from the Customers section. Axe in both themes on both sections.

const READY = { timeout: 15_000 };
// axe's contrast checks take seconds per page on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

test('a shopper reports a review, staff see it under Reviews and keep it; the queue is empty again', async ({
  page,
  request,
}) => {
  const book = await buyableBook(request);
  const [writer, reporter] = await Promise.all([createAccount(request), createAccount(request)]);
  const comment = `Buy it cheaper at my shop ${writer.username}`;
  const posted = await request.post(`/api/books/${encodeURIComponent(book.title)}/reviews/`, {
    headers: { authorization: `Bearer ${await accessToken(request, writer)}` },
    data: { rating: 1, comment },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  // Signed out: the review is there, with nothing to report it by.
  await page.goto(`/book/${encodeURIComponent(book.title)}`);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  const review = page.getByTestId('review').filter({ hasText: comment });
  await expect(review).toBeVisible(READY);
  await expect(review.getByRole('button', { name: /^Report/ })).toHaveCount(0);

  await signInFromLoginPage(page, reporter);
  await page.goto(`/book/${encodeURIComponent(book.title)}`);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await review.getByRole('button', { name: /^Report the review by/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Report the review by/ });
  await dialog.getByLabel('Reason (optional)').fill('Advertising another shop');
  await dialog.getByRole('button', { name: 'Report review' }).click();
  await expect(toasts(page).filter({ hasText: 'Thank you. Our staff will look at this review.' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await signOut(page);
  await signInAsStaff(page);
  await page.goto('/admin/reviews');
  const part = page.getByRole('region', { name: 'Reported reviews' });
  const item = part.getByTestId('reported-review').filter({ hasText: comment });
  await expect(item).toBeVisible(READY);
  await expect(item).toContainText(book.title);
  await expect(item).toContainText('Reported by 1 shopper');
  await expect(item).toContainText('Advertising another shop');
  await expectAccessibleInBothThemes(page, 'Reviews with a reported review');

  await item.getByRole('button', { name: /^Keep the review by/ }).click();
  await expect(toasts(page).filter({ hasText: 'Review kept: its reports are cleared' })).toBeVisible();
  await expect(item).toHaveCount(0);
  // (The other screen size's run keeps its own report meanwhile: the queue empties once both have.)
  await expect(async () => {
    await page.reload();
    await expect(part.getByText('No reported reviews.')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
});

test('the reported reviews say so when they cannot be read', async ({ page }) => {
  await signInAsStaff(page);
  await stubJson(page, '**/api/admin/reviews/reported/**', serverError, 500);
  await page.goto('/admin/reviews');
  await expect(page.getByRole('region', { name: 'Reported reviews' }).getByRole('alert')).toContainText(
    'The server had a problem',
    READY,
  );
});

test('staff disable a customer, who then cannot sign in, and enable them again', async ({ page, request }) => {
  const shopper = await createAccount(request);
  await signInAsStaff(page);
  await page.goto(`/admin/customers?q=${shopper.username}`);
  const row = page.getByRole('row').filter({ hasText: shopper.username });
  await row.getByRole('button', { name: `Disable ${shopper.username}` }).click(READY);
  const dialog = page.getByRole('dialog', { name: 'Disable this account?' });
  await expect(dialog).toContainText(
    `Disable ${shopper.username}? They cannot sign in until you enable the account again; their orders stay.`,
  );
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(toasts(page).filter({ hasText: `${shopper.username} can no longer sign in` })).toBeVisible();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'Customers with a disabled account');

  // The disabled shopper is told why they cannot sign in.
  await signOut(page);
  await page.goto('/login');
  await signIn(page, shopper);
  await expect(
    page.getByText('This account has been disabled. Please contact us if you think this is a mistake.').first(),
  ).toBeVisible(READY);
  await expect(page).toHaveURL(/\/login$/);

  await signInAsStaff(page);
  await page.goto(`/admin/customers?q=${shopper.username}`);
  await row.getByRole('button', { name: `Enable ${shopper.username}` }).click(READY);
  await expect(toasts(page).filter({ hasText: `${shopper.username} can sign in again` })).toBeVisible();
  await expect(row.getByText('Disabled', { exact: true })).toHaveCount(0);

  await signOut(page);
  await signInFromLoginPage(page, shopper);
});
