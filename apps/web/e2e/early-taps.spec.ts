import type { Book, Paged } from '@bookstore/contract';
import { expect, type APIRequestContext, type Page, test } from './fixtures';
import { bookAddedFromItsCard, buyableBook, createAccount, signInFromLoginPage, soldOutBook, toasts } from './support';

// A shopper on a phone-speed CPU (the 'slow' project: 4x slower, page loads that do not wait for the
// app) taps what the server's page shows as soon as it shows, as a person does. Whatever they did
// before the app had taken the page over happens once the app runs: once, in order, on the same
// control (public/boot.js holds it, src/app/early-events.ts replays it; decision 0010).

/** How late the app's code arrives (its first script), as over a phone's network. */
const APP_LATE_MS = 1500;

// The app's code arrives late: the taps below land on the server's page before the app has started,
// every time, and each test checks that they did.
test.beforeEach(async ({ page }) => {
  let first = true;
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    if (first) {
      first = false;
      await new Promise((resolve) => setTimeout(resolve, APP_LATE_MS));
    }
    await route.fallback();
  });
});

/** The app has not taken the page over yet: what was just done was done on the server's page. */
const beforeTheApp = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(0, { timeout: 1 });

/** The server's page, as it arrives: no waiting for the load event or the app. */
const open = (page: Page, path: string) => page.goto(path, { waitUntil: 'commit' });
const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });

test('on a book page, "+" then "Add to Cart" puts two copies in the cart', async ({ page, request }) => {
  const book = await buyableBook(request);
  await open(page, `/book/${encodeURIComponent(book.title)}`);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: /^Add to Cart \(\d\)$/ }).click();
  await beforeTheApp(page);

  await expect(toasts(page).filter({ hasText: 'Added 2 book(s) to cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart (2)' })).toBeVisible();
  // Once, not twice: nothing more arrives after the app has started.
  await hydrated(page);
  await page.waitForTimeout(300);
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(toasts(page).filter({ hasText: /Added \d book\(s\) to cart/ })).toHaveCount(1);
});

test('from the keyboard, Enter on "+" and Space on "Add to Cart" count the same', async ({ page, request }) => {
  const book = await buyableBook(request);
  await open(page, `/book/${encodeURIComponent(book.title)}`);
  await page.getByRole('button', { name: 'Increase quantity' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^Add to Cart \(\d\)$/ }).focus();
  await page.keyboard.press('Space');
  await beforeTheApp(page);

  await expect(toasts(page).filter({ hasText: 'Added 2 book(s) to cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});

test('on /books, "Add to Cart" on a card puts the book in the cart', async ({ page, request }) => {
  const book = await bookAddedFromItsCard(request);
  await open(page, '/books');
  const add = page.getByRole('article', { name: book.title }).getByRole('button', { name: 'Add to Cart', exact: true });
  await add.click();
  await beforeTheApp(page);
  // Heard, and said so (to a screen reader too) until the app acts on it.
  await expect(add).toHaveAttribute('aria-busy', 'true');

  await expect(toasts(page).filter({ hasText: 'Added to cart successfully!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await hydrated(page);
  await page.waitForTimeout(300);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});

test('on /books, "Oldest First" chosen at once sorts the list and stays chosen', async ({ page, request }) => {
  const oldest = ((await (await request.get('/api/books/?ordering=created_at&page_size=1')).json()) as Paged<Book>)
    .data[0]!;
  await open(page, '/books');
  const sort = page.getByLabel('Sort by');
  await sort.selectOption({ label: 'Oldest First' });
  await beforeTheApp(page);

  await expect(page).toHaveURL(/\/books\?ordering=created_at$/);
  await expect(page.getByRole('article').first()).toContainText(oldest.title);
  await hydrated(page);
  await page.waitForTimeout(300);
  await expect(sort).toHaveValue('created_at');
  await expect(page).toHaveURL(/\/books\?ordering=created_at$/);
});

test('the wishlist heart, tapped by a guest at once, asks them to log in', async ({ page, request }) => {
  const book = await buyableBook(request);
  await open(page, `/book/${encodeURIComponent(book.title)}`);
  await page.getByRole('button', { name: `Add ${book.title} to wishlist` }).click();
  await beforeTheApp(page);

  await expect(toasts(page).filter({ hasText: 'Please login to add to wishlist' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('"Email me when it\'s back", tapped by a guest at once, asks them to sign in', async ({ page, request }) => {
  // Its code comes after the app's (a part of the page of a sold-out book only): the tap waits for it.
  const soldOut = await soldOutBook(request);
  await open(page, `/book/${encodeURIComponent(soldOut.title)}`);
  await page.getByRole('button', { name: "Email me when it's back" }).click();
  await beforeTheApp(page);

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Please sign in to be told when it's back")).toBeVisible();
});

test('the Reviews tab, tapped at once, opens the reviews', async ({ page, request }) => {
  const book = await buyableBook(request);
  await open(page, `/book/${encodeURIComponent(book.title)}`);
  // Before the app: a link to the reviews where the tabs will be; after it, a tab.
  const reviews = /^Reviews \(\d+\)$/;
  await page.getByRole('link', { name: reviews }).click();
  await beforeTheApp(page);

  const tab = page.getByRole('tab', { name: reviews });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', (await tab.getAttribute('id'))!);
});

test("the header's theme button, tapped at once, switches the theme once", async ({ page }) => {
  await open(page, '/');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await beforeTheApp(page);

  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  await hydrated(page);
  await page.waitForTimeout(300);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('theme') ?? 'null')?.state?.darkMode)).toBe(true);
});

test('the search box keeps what is typed at once, and Enter opens its results', async ({ page }) => {
  await open(page, '/books');
  const box = page.getByRole('combobox', { name: 'Search books' });
  await box.click();
  await box.pressSequentially('Emma');
  await beforeTheApp(page);

  await hydrated(page);
  await expect(box).toHaveValue('Emma');
  await expect(page.getByRole('option', { name: /Emma/ }).first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Emma$/);
  await expect(page.getByRole('article').first()).toContainText('Emma');
});

// A part of the page whose code comes after the app's (React.lazy inside its own Suspense boundary, as
// "Email me when it's back" is) is still the server's HTML when the page around it has hydrated and
// boot.js has handed over to the app. A tap there, then, used to be lost: React does not replay a
// click on a boundary it cannot hydrate at once (its code is not there). Its code is held back here
// until the tap has been made.

/**
 * Opens a sold-out book's page with the code of "Email me when it's back" held back, waits for the page
 * around it to hydrate, taps the button while it is still the server's HTML (no `__reactFiber$` key,
 * as early-events.ts reads it), sees it marked busy, then lets its code arrive.
 */
async function tapBeforeItsCode(page: Page, request: APIRequestContext) {
  const soldOut = await soldOutBook(request);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/BackInStock-[^/]+\.js$/, async (route) => {
    await released;
    await route.fallback();
  });
  await open(page, `/book/${encodeURIComponent(soldOut.title)}`);
  await hydrated(page);
  const button = page.getByRole('button', { name: "Email me when it's back" });
  await button.click();
  const reacts = await button.evaluate((element) =>
    Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
  );
  expect(reacts).toBe(false);
  // Heard, and said so, while its code is on the way.
  await expect(button).toHaveAttribute('aria-busy', 'true');
  release();
}

test('"Email me when it\'s back", tapped after the page has hydrated but before its code, asks a guest to sign in', async ({
  page,
  request,
}) => {
  await tapBeforeItsCode(page, request);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Please sign in to be told when it's back")).toBeVisible();
});

test('"Email me when it\'s back", tapped after the page has hydrated but before its code, asks once for a shopper', async ({
  page,
  request,
}) => {
  await signInFromLoginPage(page, await createAccount(request));

  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/books\/[^/]+\/notify\/$/.test(r.url())) asked.push(r.url());
  });
  await tapBeforeItsCode(page, request);
  await expect(page.getByRole('status').filter({ hasText: "We'll e-mail you when it's back." })).toBeVisible();
  await page.waitForTimeout(300);
  expect(asked).toHaveLength(1);
});
