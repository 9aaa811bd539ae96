import { randomBytes } from 'node:crypto';
import type { Book, Paged } from '@bookstore/contract';
import { expect, test, type APIRequestContext } from './fixtures';
import {
  accessToken,
  addToCart,
  buyableBook,
  createAccount,
  enterCard,
  giveDeliveryAddress,
  signInAsStaff,
  signInFromLoginPage,
  serverError,
  STAFF,
  stubJson,
} from './support';

/**
 * Prices that keep their promises (docs/product.md, "Sales and promo codes"): the demo's headline sale
 * in the hero and on a card, a promo code applied in the cart and paid, and staff scheduling a sale
 * after previewing it.
 */
const READY = { timeout: 15_000 };
const cents = (money: string) => Math.round(Number(money) * 100);
const dollars = (amount: number) => `$${(amount / 100).toFixed(2)}`;

async function staffToken(request: APIRequestContext) {
  const res = await request.post('/api/login/', { data: { emailOrUsername: STAFF.email, password: STAFF.password } });
  expect(res.status()).toBe(200);
  return (await res.json()).access as string;
}

test('the hero tells the running sale, and a reduced card shows the struck price, badge and 30-day price', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('hero-sale')).toHaveText(/^Until \d{1,2} \w+: 50% off bestsellers$/);
  await expect(page.getByText(/Save 50% on our bestsellers until \d{1,2} \w+\./)).toBeVisible();

  const onSale = ((await (await request.get('/api/books/?on_sale=1&page_size=100')).json()) as Paged<Book>).data;
  // The eight bestsellers, but for those sold only as used copies (a bestsellers sale never reduces a
  // used copy: docs/decisions/0022-editions.md).
  expect(onSale.length).toBeGreaterThan(0);
  expect(onSale.length).toBeLessThanOrEqual(8);
  expect(onSale.every((b) => b.condition === 'New')).toBe(true);
  const book = onSale[0]!;
  const low = cents(book.lowest_price_30d!);
  const badge = Math.round(((low - cents(book.price)) / low) * 100);
  // Found by its title: a category page fills up with the books other journeys add, newest first.
  await page.goto(`/search?q=${encodeURIComponent(book.title)}`);
  const card = page.getByRole('article').filter({ hasText: book.title });
  await expect(card.getByText(dollars(cents(book.price)), { exact: true })).toBeVisible(READY);
  await expect(card.locator('s')).toHaveText(`Regular price: ${dollars(cents(book.regular_price))}`);
  await expect(card.getByTestId('percent-off')).toHaveText(`-${badge}%`);
  await expect(card.getByTestId('lowest-30d')).toHaveText(
    `Lowest price in the last 30 days: ${dollars(cents(book.lowest_price_30d!))}`,
  );

  await page.goto(`/book/${encodeURIComponent(book.title)}`);
  // The book's own price comes first; related books below may be reduced too.
  await expect(page.getByTestId('lowest-30d').first()).toHaveText(
    `Lowest price in the last 30 days: ${dollars(cents(book.lowest_price_30d!))}`,
    READY,
  );
  await expect(page.getByText(`Save ${badge}%`)).toBeVisible();

  // The listing's "On sale only" filter: the books the sale reaches, each with its badge.
  await page.goto('/books?on_sale=1');
  await expect(page.getByRole('button', { name: 'Remove filter: On sale' })).toBeVisible(READY);
  await expect(page.getByRole('article')).toHaveCount(onSale.length, READY);
  await expect(page.getByTestId('percent-off')).toHaveCount(onSale.length);
});

test('with no headline sale the hero promises nothing', async ({ page }) => {
  await stubJson(page, '**/api/sales/headline/', { sale: null });
  // The page from the server carries the running sale: take it out, so the browser asks (and meets the stub).
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<script type="application\/json" id="app-state">[\s\S]*?<\/script>/,
      '',
    );
    return route.fulfill({ response, body: html });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Your Next Favorite Book' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'New Arrivals' })).toBeVisible();
  await expect(page.getByTestId('hero-sale')).toHaveCount(0);
  await expect(page.getByText(/Save \d+%/)).toHaveCount(0);
});

test('a promo code applied in the cart takes its discount off, and the order is paid at that total', async ({
  page,
  request,
}) => {
  const code = `E2E-${randomBytes(3).toString('hex').toUpperCase()}`;
  const made = await request.post('/api/admin/promo-codes/', {
    headers: { authorization: `Bearer ${await staffToken(request)}` },
    data: { code, kind: 'percent', percent_off: 10 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const account = await createAccount(request);
  const book = await buyableBook(request);
  await signInFromLoginPage(page, account);
  await addToCart(page, book);
  await page.goto('/cart');

  // A code that does not exist says so, beside the field.
  await page.getByLabel('Promo code').fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This code does not exist.' })).toBeVisible(READY);

  await page.getByLabel('Promo code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  const discount = Math.round(cents(book.price) / 10);
  const total = cents(book.price) - discount;
  await expect(page.getByTestId('cart-discount')).toHaveText(`−${dollars(discount)}`, READY);
  await expect(page.getByTestId('cart-total')).toHaveText(dollars(total));
  await expect(page.getByTestId('cart-promo')).toContainText(`Code ${code} applied`);

  // Standard delivery is free: the total stays the books less the code.
  await giveDeliveryAddress(page);
  await expect(page.getByTestId('cart-total')).toHaveText(dollars(total));
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByTestId('payment-popup')).toBeVisible();
  await enterCard(page, '4084 0840 8408 4081', (total / 100).toFixed(2));
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible(READY);

  const orders = await (
    await request.get('/api/orders/', { headers: { authorization: `Bearer ${await accessToken(request, account)}` } })
  ).json();
  expect(orders[0]).toMatchObject({
    promo_code: code,
    discount: (discount / 100).toFixed(2),
    total_price: (total / 100).toFixed(2),
    payment_status: 'success',
  });
});

test('a free-delivery code takes the chosen delivery off: Express, in the cart and in the order paid', async ({
  page,
  request,
}) => {
  const code = `SHIP-${randomBytes(3).toString('hex').toUpperCase()}`;
  const made = await request.post('/api/admin/promo-codes/', {
    headers: { authorization: `Bearer ${await staffToken(request)}` },
    data: { code, kind: 'free_delivery' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const account = await createAccount(request);
  const book = await buyableBook(request, { paper: true });
  await signInFromLoginPage(page, account);
  await addToCart(page, book);
  await page.goto('/cart');
  await giveDeliveryAddress(page);
  await page.getByRole('radio', { name: /Express Delivery/ }).check();
  await expect(page.getByTestId('cart-shipping')).toHaveText('$9.99');

  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('cart-discount')).toHaveText('−$9.99', READY);
  await expect(page.getByTestId('cart-total')).toHaveText(dollars(cents(book.price)));

  // Back to Standard (free in a fresh shop): the code is quoted again and takes nothing off.
  await page.getByRole('radio', { name: /Standard Delivery/ }).check();
  await expect(page.getByTestId('cart-discount')).toBeHidden(READY);
  await page.getByRole('radio', { name: /Express Delivery/ }).check();
  await expect(page.getByTestId('cart-discount')).toHaveText('−$9.99', READY);

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByTestId('payment-popup-amount')).toHaveText(dollars(cents(book.price)));
  await enterCard(page, '4084 0840 8408 4081', (cents(book.price) / 100).toFixed(2));
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible(READY);

  const orders = await (
    await request.get('/api/orders/', { headers: { authorization: `Bearer ${await accessToken(request, account)}` } })
  ).json();
  expect(orders[0]).toMatchObject({
    promo_code: code,
    shipping_price: '9.99',
    discount: '9.99',
    total_price: (cents(book.price) / 100).toFixed(2),
    payment_status: 'success',
  });
});

test('staff preview a sale before saving it, schedule it, and end it', async ({ page }) => {
  await signInAsStaff(page);
  await page.goto('/admin/sales');
  const name = `Spring sale ${randomBytes(2).toString('hex')}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Percent off', { exact: true }).fill('15');
  await page.getByLabel('Applies to').selectOption('bestsellers');
  await page.getByLabel('How many bestsellers').fill('3');
  // Tomorrow, for a day: nothing in the shop changes while the other journeys run.
  const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  const day = 24 * 60 * 60 * 1000;
  await page.getByLabel('Starts', { exact: true }).fill(local(new Date(Date.now() + day)));
  await page.getByLabel('Ends', { exact: true }).fill(local(new Date(Date.now() + 2 * day)));

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('sale-preview');
  await expect(preview).toContainText('This sale reaches 3 books.', READY);
  await expect(preview.getByRole('row')).toHaveCount(4);

  // Nothing was saved by the preview.
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save sale' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('scheduled', READY);
  await row.getByRole('button', { name: `End now ${name}` }).click();
  await page
    .getByRole('dialog', { name: `End sale ${name}?` })
    .getByRole('button', { name: 'End sale' })
    .click();
  await expect(row).toContainText('ended', READY);

  // A sale that reaches nothing says so.
  await page.getByLabel('Name', { exact: true }).fill('Nothing sale');
  await page.getByLabel('Applies to').selectOption('books');
  await page.getByLabel('Book ids (comma-separated)').fill('999999');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('sale-preview')).toHaveText('This sale reaches no books.');
});

test('staff create a promo code in the Codes tab; no codes and a failing list say so', async ({ page }) => {
  await signInAsStaff(page);
  await page.goto('/admin/codes');
  const code = `TAB-${randomBytes(3).toString('hex').toUpperCase()}`;
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Gives').selectOption('percent');
  await page.getByLabel('Percent', { exact: true }).fill('12');
  await page.getByLabel('Uses in all (optional)').fill('5');
  await page.getByRole('button', { name: 'Create code' }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toBeVisible(READY);
  await expect(row).toContainText('0 of 5');

  await stubJson(page, '**/api/admin/promo-codes/', { data: [] });
  await page.reload();
  await expect(page.getByText('No promo codes yet')).toBeVisible(READY);

  await stubJson(page, '**/api/admin/promo-codes/', serverError, 500);
  await page.reload();
  await expect(page.getByText(serverError.error)).toBeVisible(READY);
});
