import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** Starts the page in the dark or light theme (as a returning visitor who chose it). */
export async function useTheme(page: Page, dark: boolean) {
  await page.addInitScript((value) => {
    localStorage.setItem('theme', JSON.stringify({ state: { darkMode: value }, version: 0 }));
  }, dark);
}

/**
 * Waits until nothing on the page is moving (endless animations, spinners, aside): contrast is judged
 * as a person reads the page, not while a toast is still fading in (lighter than it will be).
 */
export async function motionEnded(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** No serious or critical accessibility violations on the page as it is now (or in `scope`). */
export async function expectAccessible(page: Page, label: string, scope?: string) {
  await motionEnded(page);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope) builder.include(scope);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')})`,
    ),
    `${label}: accessibility violations`,
  ).toEqual([]);
  await expectNoSideScroll(page, label);
}

/**
 * The page reflows to the window's width (WCAG 1.4.10): nothing makes the whole page scroll sideways.
 * A wide table may scroll inside its own frame. Names the elements that stick out when it fails.
 */
export async function expectNoSideScroll(page: Page, label: string) {
  const { scrollWidth, width, wider } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const { overflowX } = getComputedStyle(up);
        if (overflowX !== 'visible') return up !== document.body && up !== document.documentElement;
      }
      return false;
    };
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 1 && !clipped(el);
    // The outermost elements that stick out from a parent that does not: where the width comes from.
    const wider = [...document.querySelectorAll('body *')]
      .filter((el) => sticksOut(el) && !(el.parentElement && sticksOut(el.parentElement)))
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 4).join('.')} (right ${Math.round(el.getBoundingClientRect().right)} px)`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, wider };
  });
  expect(scrollWidth, `${label}: the page scrolls sideways; sticking out: ${wider.join(', ')}`).toBeLessThanOrEqual(
    width,
  );
}

/** Switches the theme in place (the class the theme toggle sets). */
export async function setDark(page: Page, dark: boolean) {
  await page.evaluate((value) => {
    document.documentElement.classList.toggle('dark', value);
    document.documentElement.style.colorScheme = value ? 'dark' : 'light';
  }, dark);
  // Let colour transitions finish before contrast is measured.
  await page.waitForTimeout(250);
}

/** Checks the page as it is, then again in the dark theme. */
export async function expectAccessibleInBothThemes(page: Page, label: string, scope?: string) {
  await expectAccessible(page, `${label} (light)`, scope);
  await setDark(page, true);
  await expectAccessible(page, `${label} (dark)`, scope);
  await setDark(page, false);
}

/**
 * With SCREENSHOTS_DIR set, keeps a full-page picture of the page as it is, named by `name` and the
 * viewport's width (`npm run e2e -w @bookstore/web -- order-documents` with it set draws the pictures
 * docs/screenshots/ holds). Without it, does nothing.
 */
export async function keepPicture(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  await motionEnded(page);
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/** Replies to a matching API call with a JSON body (stubbing the network at the browser edge). */
export async function stubJson(page: Page, pattern: string | RegExp, body: unknown, status = 200) {
  await page.route(pattern, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

export const emptyPage = { data: [], meta: { page: 1, pageSize: 20, count: 0, pages: 1, next: null } };
export const serverError = { error: 'The server had a problem' };

/** The toasts on screen. */
export const toasts = (page: Page) => page.locator('[role="status"][aria-live="polite"]');

// Shoppers and purchases through the real server, shared by the journeys.

export const SUCCESS_CARD = '4084 0840 8408 4081';

export interface Account {
  email: string;
  username: string;
  password: string;
}

export interface ShopBook {
  id: number;
  title: string;
  price: string;
  stock_amount: number;
  available: boolean;
  book_type?: string;
  /** Its editions, the default (the one a line without a chosen edition buys) first. */
  editions?: { id: number; stock_amount: number | null }[];
}

export async function createAccount(request: APIRequestContext): Promise<Account> {
  const username = `o${randomBytes(5).toString('hex')}`;
  const account = { username, email: `${username}@example.test`, password: 'reading-all-night' };
  const res = await request.post('/api/register/', {
    multipart: {
      email: account.email,
      username: account.username,
      firstName: 'Olive',
      lastName: 'Buyer',
      bio: '',
      password: account.password,
      password2: account.password,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/**
 * A book sent through the API with `token` (a reader's comes back 'pending', staff's 'approved'), with
 * a plain cover; `extra` adds or replaces fields.
 */
export async function submitBook(
  request: APIRequestContext,
  token: string,
  title: string,
  extra: Record<string, string> = {},
): Promise<{ id: number; title: string; review_status: string; featured: boolean }> {
  const [category] = await (await request.get('/api/categories/')).json();
  const cover = await sharp({ create: { width: 300, height: 450, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  const res = await request.post('/api/books/', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title,
      publisher: 'Test Press',
      published_date: '2024-01-15',
      isbn: '9780141439518',
      genre: 'Fiction',
      author: '0',
      category: String(category.id),
      book_type: 'Paperback',
      condition: 'New',
      original_price: '20.00',
      price: '15.00',
      stock_amount: '4',
      description: 'Written for the browser journeys.',
      ...extra,
      image: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export async function accessToken(request: APIRequestContext, account: Account): Promise<string> {
  const res = await request.post('/api/login/', {
    data: { emailOrUsername: account.username, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access;
}

/**
 * A book the empty and error journeys read as the demo seeds it (no reviews of its own): journeys that
 * buy and review pick other books, or a random pick could give it reviews in the shared database.
 */
export const UNTOUCHED_BOOK = 'Emma';

/** A book that can be bought, picked at random so parallel tests do not queue for the same copies. */
export async function buyableBook(request: APIRequestContext, options: { paper?: boolean } = {}): Promise<ShopBook> {
  const res = await request.get('/api/books/?page_size=100');
  const books = ((await res.json()).data as ShopBook[]).filter(
    (b) =>
      b.available &&
      b.stock_amount >= 5 &&
      b.title !== UNTOUCHED_BOOK &&
      // A paper book is posted: the delivery journeys need one.
      (!options.paper || b.book_type !== 'eBook'),
  );
  expect(books.length).toBeGreaterThan(0);
  return books[Math.floor(Math.random() * books.length)]!;
}

/**
 * A printed book sold one way and in stock, on the first page of /books (newest first): its card's "Add to
 * Cart" puts it in the cart at once (a title sold several ways asks which format first, and an eBook is
 * one copy however often it is tapped). The newest such book, so other journeys' new titles (several of
 * them sold several ways) do not push it off the page meanwhile.
 */
export async function bookAddedFromItsCard(request: APIRequestContext): Promise<ShopBook> {
  const res = await request.get('/api/books/?page=1');
  const books = ((await res.json()).data as ShopBook[]).filter(
    (b) => b.available && b.stock_amount >= 1 && b.book_type !== 'eBook' && b.editions?.length === 1,
  );
  expect(books.length).toBeGreaterThan(0);
  return books[0]!;
}

/**
 * One of the demo's sold-out books (its page offers "Email me when it's back"). The oldest first: a
 * journey makes sold-out books of its own and restocks them (back-in-stock.spec.ts), and one of those,
 * the newest, picked while it ran, was in stock by the time the shopper asked.
 */
export async function soldOutBook(request: APIRequestContext): Promise<ShopBook> {
  const res = await request.get('/api/books/?ordering=created_at&page_size=100');
  const book = ((await res.json()).data as ShopBook[]).find((b) => b.stock_amount === 0 && b.available);
  expect(book).toBeDefined();
  return book!;
}

export async function signIn(page: Page, account: Account) {
  await page.getByLabel('Email or username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signInFromLoginPage(page: Page, account: Account) {
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).not.toHaveURL(/\/login$/);
}

export async function addToCart(page: Page, book: ShopBook) {
  await page.goto(`/book/${encodeURIComponent(book.title)}`);
  await page.getByRole('button', { name: 'Add to Cart (1)' }).click();
  await expect(page.getByText('Added 1 book(s) to cart')).toBeVisible();
}

/** An address the journeys send books to (a real UK postal code, which the contract checks per country). */
export const TEST_ADDRESS = {
  name: 'Olive Buyer',
  line1: '10 Downing Street',
  city: 'London',
  postal_code: 'SW1A 2AA',
  country: 'GB',
  countryName: 'United Kingdom',
};

/** Fills the address form (the checkout's first address, or the address book's dialog) with `TEST_ADDRESS`. */
export async function fillAddressForm(scope: Page | Locator, address = TEST_ADDRESS) {
  await scope.getByLabel('Full name').fill(address.name);
  await scope.getByLabel('Address line 1').fill(address.line1);
  await scope.getByLabel('City').fill(address.city);
  await scope.getByLabel('Postal code').fill(address.postal_code);
  await scope.getByLabel('Country').selectOption(address.country);
}

/**
 * The cart's delivery step, as a shopper without saved addresses meets it: the address form is filled
 * and kept (the default method, Standard Delivery, stays picked). A shopper with an address, or a cart of
 * eBooks only, has nothing to do.
 */
export async function giveDeliveryAddress(page: Page) {
  const form = page.getByRole('form', { name: 'Use this address' });
  const saved = page.getByRole('group', { name: 'Delivery address' });
  const ebooks = page.getByText('eBooks only: nothing to post.');
  await expect(form.or(saved).or(ebooks)).toBeVisible({ timeout: 15_000 });
  if (await form.isVisible()) {
    await fillAddressForm(form);
    await form.getByRole('button', { name: 'Use this address' }).click();
    await expect(saved.or(ebooks)).toBeVisible();
  }
}

export async function proceedToPopup(page: Page) {
  await page.goto('/cart');
  await giveDeliveryAddress(page);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const popup = page.getByTestId('payment-popup');
  await expect(popup).toBeVisible();
  return popup;
}

export async function enterCard(page: Page, card: string, price: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVV').fill('408');
  await page.getByRole('button', { name: `Pay $${price}` }).click();
}

/** Every page (HTML document) this test loads passes through `change` on its way in. */
export async function changeServedPages(page: Page, change: (html: string) => string) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    return route.fulfill({ response, body: change(await response.text()) });
  });
}

/**
 * Every page of this test rendered by the browser alone, as before the server rendered it: the
 * server's data is taken out of the HTML, so the app asks the API itself (and meets the stubs).
 */
export async function renderInBrowser(page: Page) {
  await changeServedPages(page, (html) =>
    html.replace(/<script type="application\/json" id="app-state">[\s\S]*?<\/script>/, ''),
  );
}

/**
 * Places an order through the API (as another tab or device would), the protection plan on its line
 * when asked; `pay()` then pays it with the sandbox's good card and returns the payment's reference.
 */
export async function orderThroughApi(
  request: APIRequestContext,
  token: string,
  book: ShopBook,
  options: { protection?: boolean; quantity?: number; delivery?: boolean } = {},
) {
  const headers = { authorization: `Bearer ${token}` };
  const unit = Math.round(Number(book.price) * 100);
  const quantity = options.quantity ?? 1;
  const total = (unit + (options.protection ? 299 : 0)) * quantity;
  // With `delivery`: to TEST_ADDRESS by Standard Delivery (free in a fresh shop), as the cart sends it.
  const delivery = options.delivery
    ? {
        shipping_method: 'standard',
        shipping_address: {
          name: TEST_ADDRESS.name,
          line1: TEST_ADDRESS.line1,
          city: TEST_ADDRESS.city,
          postal_code: TEST_ADDRESS.postal_code,
          country: TEST_ADDRESS.country,
        },
      }
    : {};
  const res = await request.post('/api/orders/', {
    headers,
    data: {
      total_price: total / 100,
      status: 'pending',
      items: [
        {
          book: book.id,
          quantity,
          price: Number(book.price),
          ...(options.protection ? { protection: true } : {}),
        },
      ],
      ...delivery,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = (await res.json()) as { id: number; total_price: string };
  return { order, pay: () => payThroughApi(request, token, order.id) };
}

/** Pays an order with the sandbox's good card, as the pop-up would; returns the payment's reference. */
export async function payThroughApi(request: APIRequestContext, token: string, orderId: number): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const init = await (await request.post('/api/payments/initialize/', { headers, data: { order_id: orderId } })).json();
  const charge = await request.post('/api/payments/sandbox/charge/', {
    headers,
    data: { reference: init.reference, card_number: SUCCESS_CARD, expiry: '12/39', cvv: '408' },
  });
  expect(charge.status()).toBe(200);
  const verify = await request.post('/api/verify-payment/', {
    headers,
    data: { reference: init.reference, order_id: orderId },
  });
  expect(await verify.json()).toMatchObject({ status: 'success' });
  return init.reference as string;
}

/** The ISBNs of the editions `paidOrderOfEditions` sells. */
export const EDITION_ISBNS = { hardcover: '9780141439518', used: '9780141439587', ebook: '9780141199078' };

/** One line of an order's summary, as the API writes it (the money the pages show as it is). */
export interface SummaryLineJson {
  item: number;
  title: string;
  format: string | null;
  condition: string | null;
  isbn: string | null;
  quantity: number;
  unit_price: string;
  protection: string;
  discount: string;
  amount: string;
  to_ship: number;
}

/**
 * A title of the test's own sold three ways (a new hardcover, $20.00; its one used paperback, $7.50; an
 * eBook, $9.99), a promo code of 10% off made by staff, and the shopper's paid order of all three (two
 * hardcovers with the protection plan) sent by Express Delivery to TEST_ADDRESS.
 */
export async function paidOrderOfEditions(request: APIRequestContext, account: Account) {
  const staff = await accessToken(request, { username: STAFF.email, email: STAFF.email, password: STAFF.password });
  const asStaff = { authorization: `Bearer ${staff}` };
  const title = `Editions ${randomBytes(4).toString('hex')}`;
  // Sent by a reader and approved by staff, as a contributed book is.
  const contributor = await createAccount(request);
  const book = await submitBook(request, await accessToken(request, contributor), title, {
    book_type: 'Hardcover',
    isbn: EDITION_ISBNS.hardcover,
    price: '20.00',
    original_price: '20.00',
    stock_amount: '4',
  });
  const approved = await request.post(`/api/admin/books/${book.id}/approve/`, { headers: asStaff });
  expect(approved.status(), await approved.text()).toBe(200);
  const addEdition = async (data: Record<string, unknown>) => {
    const res = await request.post(`/api/books/${book.id}/editions/`, { headers: asStaff, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { editions: { id: number; format: string; condition: string }[] };
  };
  await addEdition({
    format: 'Paperback',
    condition: 'Used',
    condition_note: 'Cover creased; pages clean',
    isbn: EDITION_ISBNS.used,
    price: '7.50',
    stock_amount: 1,
  });
  const { editions } = await addEdition({ format: 'eBook', isbn: EDITION_ISBNS.ebook, price: '9.99' });
  const edition = (format: string, condition = 'New') =>
    editions.find((e) => e.format === format && e.condition === condition)!.id;
  // An eBook is for sale once its file is there.
  const uploaded = await request.put(`/api/admin/editions/${edition('eBook')}/ebook-file`, {
    headers: asStaff,
    multipart: {
      file: {
        name: 'book.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const code = `E2E-${randomBytes(3).toString('hex').toUpperCase()}`;
  const made = await request.post('/api/admin/promo-codes/', {
    headers: asStaff,
    data: { code, kind: 'percent', percent_off: 10 },
  });
  expect(made.status(), await made.text()).toBe(201);

  const token = await accessToken(request, account);
  const headers = { authorization: `Bearer ${token}` };
  const items = [
    { book: book.id, edition_id: edition('Hardcover'), quantity: 2, protection: true },
    { book: book.id, edition_id: edition('Paperback', 'Used'), quantity: 1 },
    { book: book.id, edition_id: edition('eBook'), quantity: 1 },
  ];
  const quote = await request.post('/api/cart/quote/', { headers, data: { items, code, shipping_method: 'express' } });
  expect(quote.status(), await quote.text()).toBe(200);
  const { total, lines } = (await quote.json()) as { total: string; lines: { price: string }[] };
  const { name, line1, city, postal_code, country } = TEST_ADDRESS;
  const res = await request.post('/api/orders/', {
    headers,
    data: {
      total_price: total,
      promo_code: code,
      items: items.map((item, i) => ({ ...item, price: lines[i]!.price })),
      shipping_method: 'express',
      shipping_address: { name, line1, city, postal_code, country },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = (await res.json()) as {
    id: number;
    total_price: string;
    summary: { lines: SummaryLineJson[]; subtotal: string; protection: string; discount: string; total: string };
  };
  await payThroughApi(request, token, order.id);
  return { order, title, code, staffToken: staff };
}

/** The staff account the browser suite's server creates (e2e/serve.mjs). */
export const STAFF = { email: 'admin@bookstore.test', password: 'staff-password-1' };

export async function signInAsStaff(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 15_000 });
}

/** How many lines of text an element's words take (1: they do not wrap). */
export function textLines(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}
