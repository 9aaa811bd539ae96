import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  accessToken,
  buyableBook,
  createAccount,
  enterCard,
  expectAccessible,
  orderThroughApi,
  proceedToPopup,
  type ShopBook,
  signInFromLoginPage,
  STAFF,
  signInAsStaff,
  SUCCESS_CARD,
} from './support';

/**
 * eBook delivery (docs/product.md, "eBook downloads"): staff upload an eBook edition's file, a shopper
 * chooses that edition (`?edition=`), pays by the sandbox card and downloads the very same bytes from
 * the order page; the book page says how the download works and shows no shipping options.
 */

const READY = { timeout: 15_000 };
test.describe.configure({ timeout: 120_000 });

async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login/', {
    data: { emailOrUsername: STAFF.email, password: STAFF.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access;
}

/**
 * An eBook title of the demo shop and its eBook edition. Each journey at each width takes its own
 * titles (`slot` 0 to 3), so no journey replaces the file another is downloading.
 */
async function ebookTitle(request: APIRequestContext, token: string, slot: number) {
  const res = await request.get('/api/books/?book_type=eBook&page_size=100');
  const books = ((await res.json()).data as ShopBook[]).filter((b) => b.available);
  const mine = books.filter((_, i) => i % 4 === slot);
  expect(mine.length).toBeGreaterThan(0);
  const book = mine[Math.floor(Math.random() * mine.length)]!;
  const files = await request.get(`/api/admin/books/${book.id}/ebook-files/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [edition] = (await files.json()) as { edition: number }[];
  expect(edition).toBeDefined();
  return { book, edition: edition!.edition };
}

test('choose the eBook edition, pay, download from the order page: the file is the one staff uploaded', async ({
  page,
  request,
}, info) => {
  const token = await staffToken(request);
  const { book, edition } = await ebookTitle(request, token, info.project.name === 'phone' ? 1 : 0);
  // A file of its own, so the bytes downloaded can only be these.
  const bytes = Buffer.from(
    `%PDF-1.4\n% ${info.project.name} ${Date.now()} ${Math.random()}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
  const uploaded = await request.put(`/api/admin/editions/${edition}/ebook-file`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'book.pdf', mimeType: 'application/pdf', buffer: bytes } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);

  const account = await createAccount(request);
  await signInFromLoginPage(page, account);
  await page.goto(`/book/${encodeURIComponent(book.title)}?edition=${edition}`);
  await expect(page.getByTestId('digital-delivery')).toContainText('5 downloads within 24 hours');
  await expect(page.getByRole('heading', { name: 'Shipping Options' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to Cart (1)' }).click();
  await expect(page.getByText('Added 1 book(s) to cart')).toBeVisible();

  const popup = await proceedToPopup(page);
  const amount = (await popup.getByTestId('payment-popup-amount').textContent())!.replace('$', '').trim();
  await enterCard(page, SUCCESS_CARD, amount);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible(READY);

  const downloads = page.getByRole('list', { name: 'eBook downloads' });
  await expect(downloads).toContainText('5 of 5 downloads left', READY);
  await expectAccessible(page, 'order page with eBook downloads', '#main');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    downloads.getByRole('link', { name: `Download ${book.title}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const received = await readFile((await download.path())!);
  expect(received.equals(bytes)).toBe(true);

  // The count shows on the page once it is read again.
  await page.reload();
  await expect(page.getByRole('list', { name: 'eBook downloads' })).toContainText('4 of 5 downloads left', READY);
});

test('an expired or used-up link offers a new one; a failing list says so', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInFromLoginPage(page, account);
  const line = {
    item: 1,
    title: 'A Used-Up Book',
    file_format: 'epub',
    state: 'used_up',
    downloads_used: 5,
    downloads_left: 0,
    expires_at: '2030-01-01T00:00:00Z',
    url: null,
  };
  const fresh = { ...line, state: 'ready', downloads_used: 0, downloads_left: 5, url: '/api/downloads/x' };
  // A paid order of the shopper's own, its download lines stubbed to the states that cannot be made on demand.
  const token = await accessToken(request, account);
  const placed = await orderThroughApi(request, token, await buyableBook(request), { delivery: true });
  await placed.pay();
  await page.route(`**/api/orders/${placed.order.id}/downloads/`, (route) => route.fulfill({ json: [line] }));
  await page.route(`**/api/orders/${placed.order.id}/downloads/1/renew`, (route) => route.fulfill({ json: fresh }));
  await page.goto(`/payment-success/${placed.order.id}`);
  const list = page.getByRole('list', { name: 'eBook downloads' });
  await expect(list).toContainText('This link has been used 5 times.', READY);
  await list.getByRole('button', { name: 'Get a new link for A Used-Up Book' }).click();
  await expect(list.getByRole('link', { name: 'Download A Used-Up Book' })).toBeVisible();

  await page.unroute(`**/api/orders/${placed.order.id}/downloads/`);
  await page.route(`**/api/orders/${placed.order.id}/downloads/`, (route) =>
    route.fulfill({ status: 500, json: { error: 'The server had a problem' } }),
  );
  await page.reload();
  await expect(page.getByText('We could not load your eBook downloads. Please reload the page.')).toBeVisible(READY);
});

test('staff upload the eBook file from the book dialog; a file that is not an eBook is refused there', async ({
  page,
  request,
}, info) => {
  const token = await staffToken(request);
  const { book } = await ebookTitle(request, token, info.project.name === 'phone' ? 3 : 2);
  await signInAsStaff(page);
  await page.goto(`/admin?q=${encodeURIComponent(book.title)}`);
  const row = page.getByRole('row', { name: new RegExp(book.title) }).first();
  await expect(row).toBeVisible(READY);
  await row.getByRole('button', { name: `Edit ${book.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Book' });
  const input = dialog.getByLabel(/the file \(EPUB or PDF\)/).first();
  await expect(input).toBeVisible(READY);

  await input.setInputFiles({
    name: 'cover.epub',
    mimeType: 'application/epub+zip',
    buffer: Buffer.from('\x89PNG\r\n'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    'This file is not an EPUB or a PDF. Please upload the eBook as an .epub or .pdf file.',
  );
  const bytes = Buffer.from(`%PDF-1.4\n% dashboard ${info.project.name} ${Date.now()}\n%%EOF\n`);
  await input.setInputFiles({ name: 'book.pdf', mimeType: 'application/pdf', buffer: bytes });
  await expect(dialog.getByText(/^(ISBN .*: )?PDF, 1 KB, uploaded/).first()).toBeVisible(READY);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page, 'book dialog with its eBook file', '[role="dialog"]');
});
