import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from './fixtures';
import {
  accessToken,
  createAccount,
  emptyPage,
  expectAccessibleInBothThemes,
  serverError,
  signInFromLoginPage,
  stubJson,
  submitBook as submitByApi,
} from './support';

/**
 * Readers' books wait for staff (docs/decisions/0015-trust-round-two.md): the contributor's own list at /my-books, and
 * the dashboard's review queue where staff approve or reject them. Main path, empty and error states.
 */

// The first staff account of e2e/serve.mjs, signed in by its email.
const STAFF = { email: 'admin@bookstore.test', username: 'admin@bookstore.test', password: 'staff-password-1' };
const READY = { timeout: 15_000 };
test.describe.configure({ timeout: 120_000 });

async function submitBook(request: APIRequestContext, token: string, title: string) {
  // Staff's field, ignored from a reader.
  const book = await submitByApi(request, token, title, { featured: 'true' });
  expect(book).toMatchObject({ review_status: 'pending', featured: false });
  return book;
}

async function staffDecides(request: APIRequestContext, id: number, decision: 'approve' | 'reject') {
  const token = await accessToken(request, STAFF);
  const res = await request.post(`/api/admin/books/${id}/${decision}/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

test.describe('/my-books', () => {
  test("lists the reader's books with where each stands", async ({ page, request }) => {
    const account = await createAccount(request);
    const token = await accessToken(request, account);
    const waiting = await submitBook(request, token, unique('Waiting Lantern'));
    const approved = await submitBook(request, token, unique('Approved Lantern'));
    const rejected = await submitBook(request, token, unique('Rejected Lantern'));
    await staffDecides(request, approved.id, 'approve');
    await staffDecides(request, rejected.id, 'reject');

    await signInFromLoginPage(page, account);
    await page.goto('/my-books');
    await expect(page.getByRole('heading', { name: 'My Books (3 books)' })).toBeVisible(READY);
    const row = (title: string) => page.getByTestId('my-book').filter({ hasText: title });
    await expect(row(waiting.title)).toContainText('Waiting for review');
    await expect(row(rejected.title)).toContainText('Not accepted');
    await expect(row(approved.title)).toContainText('In the shop');
    // Only the approved one is a link to its page in the shop.
    await expect(row(waiting.title).getByRole('link')).toHaveCount(0);
    await expectAccessibleInBothThemes(page, 'my books');
    await row(approved.title).getByRole('link', { name: approved.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: approved.title })).toBeVisible(READY);
  });

  test('a reader who has added nothing is shown where to start', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInFromLoginPage(page, account);
    await page.goto('/my-books');
    await expect(page.getByRole('heading', { name: 'You have not added any books yet' })).toBeVisible(READY);
    await expectAccessibleInBothThemes(page, 'my books, empty');
    await page.getByRole('link', { name: 'Add a Book' }).click();
    await expect(page).toHaveURL(/\/add-book$/);
  });

  test('says so when the list cannot be loaded, and tries again', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInFromLoginPage(page, account);
    await stubJson(page, '**/api/books/mine/**', serverError, 500);
    await page.goto('/my-books');
    await expect(page.getByRole('alert')).toContainText('Failed to load your books', READY);
    await page.unroute('**/api/books/mine/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'You have not added any books yet' })).toBeVisible(READY);
  });

  test('a guest is sent to sign in first', async ({ page }) => {
    await page.goto('/my-books');
    await expect(page).toHaveURL(/\/login$/, READY);
  });
});

test.describe('review queue', () => {
  test('staff approve one reader book and reject another; the shop shows only the approved one', async ({
    page,
    request,
  }) => {
    const reader = await createAccount(request);
    const token = await accessToken(request, reader);
    const good = await submitBook(request, token, unique('Queue Good'));
    const bad = await submitBook(request, token, unique('Queue Bad'));
    expect((await request.get(`/api/books/book/${good.id}/`)).status()).toBe(404);

    await signInFromLoginPage(page, STAFF);
    await page.goto(`/admin/reviews?q=${encodeURIComponent(reader.username)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible(READY);
    const row = (title: string) => page.getByRole('row', { name: new RegExp(title) });
    await expect(row(good.title)).toContainText(reader.username, READY);
    await expect(row(bad.title)).toBeVisible();
    await expectAccessibleInBothThemes(page, 'review queue');

    await row(good.title)
      .getByRole('button', { name: `Approve ${good.title}` })
      .press('Enter');
    await expect(page.getByText(`"${good.title}" is in the shop now`)).toBeVisible();
    await expect(row(good.title)).toHaveCount(0);
    await row(bad.title)
      .getByRole('button', { name: `Reject ${bad.title}` })
      .press('Enter');
    await expect(page.getByText(`"${bad.title}" was rejected`)).toBeVisible();
    await expect(page.getByText('No books are waiting for review')).toBeVisible();

    expect((await request.get(`/api/books/book/${good.id}/`)).status()).toBe(200);
    expect((await request.get(`/api/books/book/${bad.id}/`)).status()).toBe(404);
    await page.goto(`/book/${encodeURIComponent(good.title)}`);
    await expect(page.getByRole('heading', { level: 1, name: good.title })).toBeVisible(READY);
  });

  test('an empty queue and a failing one say so', async ({ page }) => {
    await signInFromLoginPage(page, STAFF);
    await stubJson(page, '**/api/admin/books/pending/**', emptyPage);
    await page.goto('/admin/reviews');
    await expect(page.getByText('No books are waiting for review')).toBeVisible(READY);
    await page.unroute('**/api/admin/books/pending/**');
    await stubJson(page, '**/api/admin/books/pending/**', serverError, 500);
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'The server had a problem' })).toBeVisible(READY);
  });
});
