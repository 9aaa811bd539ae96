import { readFile } from 'node:fs/promises';
import type { BookDetail } from '@bookstore/contract';
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
  signInFromLoginPage,
  STAFF,
  signInAsStaff,
  SUCCESS_CARD,
  toasts,
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
 * titles (`slot` 0 to 3), so no journey replaces the file another is downloading; the demo's eBook
 * "coming soon" (Villette's) is left without its file for the journey that shows it.
 */
async function ebookTitle(request: APIRequestContext, token: string, slot: number) {
  const res = await request.get('/api/books/?book_type=eBook&page_size=100');
  const books = ((await res.json()).data as BookDetail[]).filter(
    (b) => b.available && !b.editions.some((e) => e.coming_soon),
  );
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
  await page.goto(`/admin/books?q=${encodeURIComponent(book.title)}`);
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

/** An eBook of the demo shop that can be downloaded, on a title sold in print too (so the page has a picker). */
async function ebookEdition(request: APIRequestContext, slot: number) {
  const res = await request.get('/api/books/?book_type=eBook&page_size=100');
  const books = ((await res.json()).data as BookDetail[]).filter(
    (b) => b.available && b.editions.length > 1 && b.editions.some((e) => e.format === 'eBook' && !e.coming_soon),
  );
  const book = books[slot % books.length]!;
  return { book, edition: book.editions.find((e) => e.format === 'eBook')! };
}

test('an eBook chosen on the book page is one copy: no stepper, no protection plan, one line in the cart', async ({
  page,
  request,
}, info) => {
  const { book, edition } = await ebookEdition(request, info.project.name === 'phone' ? 1 : 0);
  await page.goto(`/book/${encodeURIComponent(book.title)}`);
  const picker = page.getByRole('navigation', { name: 'Formats' });
  // A printed edition first: its quantity and its plan are offered.
  const paper = book.editions.find((e) => e.format !== 'eBook' && e.in_stock);
  if (paper) {
    await page.goto(`/book/${encodeURIComponent(book.title)}?edition=${paper.id}`);
    await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /2-Year Protection/ })).toBeVisible();
  }
  await picker.getByRole('link', { name: /^eBook/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?edition=${edition.id}$`));
  const box = page.getByTestId('purchase-box');
  await expect(box.getByText('One copy: a download for you to keep')).toBeVisible();
  await expect(box.getByRole('button', { name: 'Increase quantity' })).toHaveCount(0);
  await expect(box.getByRole('checkbox', { name: /2-Year Protection/ })).toHaveCount(0);
  await expectAccessible(page, 'book page with its eBook chosen', '[data-testid="purchase-box"]');

  await box.getByRole('button', { name: 'Add to Cart (1)' }).click();
  await expect(toasts(page).filter({ hasText: 'Added 1 book(s) to cart' })).toBeVisible();
  await box.getByRole('button', { name: 'Add to Cart (1)' }).click();
  await expect(
    toasts(page).filter({
      hasText: `"${book.title} (eBook)" is already in your cart: one copy of an eBook is all you need`,
    }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'Cart items' });
  await expect(lines.getByTestId('cart-line-edition')).toHaveText('eBook');
  await expect(lines.getByText(`$${edition.price} x 1`)).toBeVisible();
  await expect(lines.getByText('One copy: a download for you to keep')).toBeVisible();
  await expect(lines.getByRole('button', { name: /one copy of/ })).toHaveCount(0);
  await expect(lines.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByText('eBooks only: nothing to post.')).toBeVisible();
  await expectAccessible(page, 'cart with an eBook', '#main');
});

test('an eBook whose file is not there yet is "Coming soon" on its card and page; the picker offers the print edition', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/books/?book_type=eBook&page_size=100');
  const book = ((await res.json()).data as BookDetail[]).find((b) =>
    b.editions.some((e) => e.format === 'eBook' && e.coming_soon),
  )!;
  expect(book).toBeDefined();
  const ebook = book.editions.find((e) => e.coming_soon)!;
  const print = book.editions.find((e) => e.format !== 'eBook')!;

  await page.goto(`/search?q=${encodeURIComponent(book.title)}`);
  const card = page.getByRole('article', { name: book.title });
  await expect(card.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

  await page.goto(`/book/${encodeURIComponent(book.title)}?edition=${ebook.id}`);
  const box = page.getByTestId('purchase-box');
  await expect(box.getByText('This eBook cannot be downloaded yet, so it cannot be ordered.')).toBeVisible();
  await expect(box.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  await expect(box.getByRole('button', { name: /^Add to Cart/ })).toHaveCount(0);
  const picker = page.getByRole('navigation', { name: 'Formats' });
  await expect(picker.getByRole('link', { name: /^eBook/ })).toContainText('Coming soon');
  await expectAccessible(page, 'book page with its eBook coming soon', '#main');

  // The printed edition can still be chosen (this one is sold out: it offers its own notice).
  await picker.getByRole('link', { name: new RegExp(`^${print.format}`) }).click();
  await expect(page).toHaveURL(new RegExp(`\\?edition=${print.id}$`));
  await expect(box.getByText('Coming soon')).toHaveCount(0);
  await expect(box.getByRole('button', { name: print.in_stock ? /^Add to Cart/ : 'Out of Stock' })).toBeVisible();

  // Asked for anyway, checkout says why not.
  const quote = await request.post('/api/cart/quote/', {
    data: { items: [{ book: book.id, edition_id: ebook.id, quantity: 1 }] },
  });
  expect(quote.status()).toBe(422);
  expect((await quote.json()).error).toContain('is coming soon');
});
