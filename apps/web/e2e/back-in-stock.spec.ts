import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { linkIn, mailTo } from './mailbox';
import {
  accessToken,
  createAccount,
  expectAccessible,
  signInAsStaff,
  signInFromLoginPage,
  soldOutBook,
  STAFF,
  submitBook,
} from './support';

/**
 * "Email me when it's back" against the real server and mail server: a shopper asks on a sold-out
 * book's page, staff see them waiting, restock, and the e-mail that arrives leads back to the book.
 */
test('a shopper asks to be told when a sold-out book is back, and is, once staff restock', async ({
  page,
  request,
}) => {
  const staffToken = await accessToken(request, {
    username: STAFF.email,
    email: STAFF.email,
    password: STAFF.password,
  });
  const title = `Back Soon ${randomBytes(3).toString('hex')}`;
  // Sent by a reader (whose profile has names) and approved by staff: a book of its own, sold out.
  const contributor = await createAccount(request);
  const book = await submitBook(request, await accessToken(request, contributor), title, { stock_amount: '0' });
  const approved = await request.post(`/api/admin/books/${book.id}/approve/`, {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const shopper = await createAccount(request);

  // A guest is sent to sign in first.
  await page.goto(`/book/${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: "Email me when it's back" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Please sign in to be told when it's back")).toBeVisible();

  await signInFromLoginPage(page, shopper);
  await page.goto(`/book/${encodeURIComponent(title)}`);
  await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: "Email me when it's back" }).click();
  await expect(page.getByRole('status').filter({ hasText: "We'll e-mail you when it's back." })).toBeVisible();
  await expectAccessible(page, 'sold-out book page');
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: "We'll e-mail you when it's back." })).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAsStaff(page);
  await page.goto(`/admin/books?q=${encodeURIComponent(title)}`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('1 waiting')).toBeVisible({ timeout: 15_000 });

  const restock = await request.put(`/api/books/update/${book.id}/`, {
    headers: { authorization: `Bearer ${staffToken}` },
    multipart: { stock_amount: '3' },
  });
  expect(restock.status(), await restock.text()).toBe(200);
  const mail = await mailTo(shopper.email, `Back in stock: ${title}`);
  await page.goto(linkIn(mail, '/book/'));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.goto(`/admin/books?q=${encodeURIComponent(title)}`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText('waiting')).toHaveCount(0);
});

test('the answer to "Email me when it\'s back" stands when the page\'s own read of it answers later', async ({
  page,
  request,
}) => {
  const soldOut = await soldOutBook(request);
  await signInFromLoginPage(page, await createAccount(request));

  // The page reads whether the shopper is waiting as the button appears; that read, made before the
  // tap ("not waiting"), is answered only after the tap's request has been.
  const notify = /\/api\/books\/[^/]+\/notify\/$/;
  const asked = page.waitForResponse((r) => r.request().method() === 'POST' && notify.test(r.url()));
  let lateReadDone!: () => void;
  const lateRead = new Promise<void>((resolve) => (lateReadDone = resolve));
  await page.route(notify, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    await asked;
    // The page may have given up on it (that is the fix): nothing to answer then.
    await route.fulfill({ response }).catch(() => {});
    lateReadDone();
  });
  await page.goto(`/book/${encodeURIComponent(soldOut.title)}`);
  await page.getByRole('button', { name: "Email me when it's back" }).click();

  await lateRead;
  await page.waitForTimeout(300);
  await expect(page.getByRole('status').filter({ hasText: "We'll e-mail you when it's back." })).toBeVisible();
  await expect(page.getByRole('button', { name: "Email me when it's back" })).toHaveCount(0);
});
