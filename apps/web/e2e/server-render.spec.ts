import { createHash } from 'node:crypto';
import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { Book, BookDetail, Paged } from '@bookstore/contract';
import { expect, test } from './fixtures';
import { accessToken, addToCart, buyableBook, changeServedPages, createAccount, signInFromLoginPage } from './support';

// The server sends every public page finished. With scripts turned off a visitor still reads and
// moves around the whole catalogue through plain links; the HTML holds the LCP cover and nothing of
// any one shopper's.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page reads as it does with scripts: hero, new arrivals, the first books, real links', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Your Next Favorite Book' })).toBeVisible();
    const arrivals = page.getByRole('region', { name: 'New arrivals' }).getByRole('listitem');
    await expect(arrivals.first()).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(8);
    // Every book in a list is a real link to its page.
    for (const link of await page.getByRole('article').getByRole('link', { name: 'View' }).all()) {
      expect(await link.getAttribute('href')).toMatch(/^\/book\//);
    }
    await page.getByRole('link', { name: 'Shop Now' }).click();
    await expect(page).toHaveURL(/\/books$/);
    await expect(page.getByRole('heading', { level: 1, name: /All Books/ })).toBeVisible();
  });

  test('/books pages through with real ?page=n links, in the server order', async ({ page, request }) => {
    const all = ((await (await request.get('/api/books/?page_size=100')).json()) as Paged<Book>).data;
    await page.goto('/books');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toContainText(all[0]!.title);
    await expect(page.getByRole('link', { name: 'Previous page' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/books\?page=2$/);
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toContainText(all[20]!.title);

    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/books$/);
    await expect(cards.first()).toContainText(all[0]!.title);

    // The last page has no next link.
    const lastPage = Math.ceil(all.length / 20);
    await page.goto(`/books?page=${lastPage}`);
    await expect(cards).toHaveCount(all.length - (lastPage - 1) * 20);
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
  });

  test('a book page shows its description, details and first reviews; its author and category pages open', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const token = await accessToken(request, account);
    const book = await buyableBook(request);
    const comment = `Read it twice ${Date.now()}`;
    const review = await request.post(`/api/books/${encodeURIComponent(book.title)}/reviews/`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { rating: 4, comment },
    });
    expect(review.status(), await review.text()).toBeLessThan(300);
    const detail = (await (
      await request.get(`/api/books/book/${encodeURIComponent(book.title)}`)
    ).json()) as BookDetail;

    await page.goto(`/book/${encodeURIComponent(book.title)}`);
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible();
    await expect(page.getByText(detail.description.slice(0, 40)).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: detail.isbn })).toBeVisible();
    // The delivery methods and their prices are the shop's settings, read by the server for its page.
    const shipping = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Shipping Options' }) });
    await expect(shipping.getByRole('listitem').nth(0)).toHaveText(/Standard Delivery\s*3-5 business days\s*\$4\.99/);
    await expect(page.getByRole('heading', { name: /^Reviews \(\d+\)$/ })).toBeVisible();
    await expect(page.getByText(comment)).toBeVisible();

    await page.getByRole('link', { name: detail.book_author }).first().click();
    await expect(page).toHaveURL(new RegExp(`/author/${detail.author_slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: detail.book_author })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();

    await page.goto(`/category/${detail.category_slug}`);
    await expect(page.getByRole('heading', { level: 1, name: detail.category_name! })).toBeVisible();
    const first = page.getByRole('article').first();
    const title = (await first.getByRole('heading').textContent())!;
    await first.getByRole('link', { name: 'Details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('/books sorts and filters through a GET form; the search box sends /search?q=', async ({ page, request }) => {
    const oldest = ((await (await request.get('/api/books/?ordering=created_at&page_size=1')).json()) as Paged<Book>)
      .data[0]!;
    await page.goto('/books');
    await page.getByLabel('Sort by').selectOption({ label: 'Oldest First' });
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page).toHaveURL(/\/books\?ordering=created_at$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('created_at');
    await expect(page.getByRole('article').first()).toContainText(oldest.title);

    // A filter keeps the order chosen.
    await page.getByText('In stock only').click();
    await expect(page.getByRole('switch', { name: /In stock only/ })).toBeChecked();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]ordering=created_at(&|$)/);
    await expect(page).toHaveURL(/[?&]in_stock=1(&|$)/);
    await expect(page.getByRole('button', { name: 'Remove filter: In stock' })).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('created_at');

    const search = page.getByRole('combobox', { name: 'Search books' });
    await search.fill('Emma');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Emma$/);
    await expect(page.getByRole('article').first()).toContainText('Emma');
  });

  test('the cart and wishlist buttons say they need JavaScript', async ({ page, request }) => {
    const book = await buyableBook(request);
    await page.goto(`/book/${encodeURIComponent(book.title)}`);
    await expect(page.getByText('The cart and the wishlist need JavaScript')).toBeVisible();
    await page.goto('/books');
    await expect(page.getByText('The cart and the wishlist need JavaScript')).toBeVisible();
  });

  test('an unknown book is a 404 page that says so', async ({ page }) => {
    const response = await page.goto('/book/No%20Such%20Book%20Anywhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Book not found' })).toBeVisible();
  });
});

test('with JavaScript, the no-script submit buttons and notes stay hidden', async ({ page, request }) => {
  const book = await buyableBook(request);
  await page.goto(`/book/${encodeURIComponent(book.title)}`);
  await expect(page.getByText('The cart and the wishlist need JavaScript')).toBeHidden();
  await page.goto('/books');
  await expect(page.getByRole('heading', { level: 1, name: /All Books/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sort', exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Apply filters' })).toBeHidden();
  await expect(page.getByText('The cart and the wishlist need JavaScript')).toBeHidden();
});

/** A response's bytes as they came: Node's fetch would undo the compression, http.get does not. */
function rawBytes(url: URL, acceptEncoding: string) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test.describe('the HTML the server sends', () => {
  test('holds the LCP cover sized and first, lazy images below, and no inline script but its own', async ({
    request,
  }) => {
    const detail = (await (await request.get('/api/books/book/Dracula')).json()) as BookDetail;
    const response = await request.get('/book/Dracula');
    const html = await response.text();
    const cover = html.match(/<img[^>]*alt="Cover of Dracula"[^>]*>/)?.[0] ?? '';
    expect(cover).toContain(`src="${detail.image}"`);
    expect(cover).toMatch(/fetchPriority="high"/i);
    expect(cover).toContain('width="400"');
    expect(cover).toContain('height="600"');
    expect(cover).toContain('sizes=');
    expect(html).toMatch(
      new RegExp(`<link rel="preload" as="image" href="${detail.image}"[^>]*fetchPriority="high"`, 'i'),
    );
    expect(html).toMatch(/<img[^>]*loading="lazy"/);
    // Scripts: data (JSON-LD and the app's state), and one inline script (the theme, before the first
    // paint) that the CSP allows by its exact hash; no 'unsafe-inline', so nothing else inline may run.
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers()['content-security-policy'] ?? '')?.[1] ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`);
    for (const script of html.match(/<script[^>]*>/g) ?? []) {
      expect(script).toMatch(/^<script>$|src="|type="application\/(ld\+)?json"/);
    }
  });

  test('links a stylesheet and code that arrive compressed at brotli best, the same bytes as plain', async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get('/')).text();
    const files = [
      /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1],
      /<meta name="app-entry" content="([^"]+)"/.exec(html)?.[1],
    ];
    for (const file of files) {
      expect(file).toMatch(/^\/assets\//);
      const plain = await rawBytes(new URL(file!, baseURL), 'identity');
      const br = await rawBytes(new URL(file!, baseURL), 'gzip, deflate, br');
      expect(br.headers['content-encoding'], file).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain.body), file).toBe(true);
      // Made by the build at the best quality, not compressed again for each request at a quick one.
      expect(br.body.length, file).toBeLessThanOrEqual(brotliCompressSync(plain.body).length);
    }
  });

  test('is public and cacheable: s-maxage, stale-while-revalidate, an ETag and a 304', async ({ request }) => {
    const first = await request.get('/books?page=2');
    expect(first.status()).toBe(200);
    const headers = first.headers();
    expect(headers['cache-control']).toMatch(/public/);
    expect(headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect(headers['cache-control']).toMatch(/stale-while-revalidate=\d+/);
    expect(headers.etag).toBeTruthy();
    const again = await request.get('/books?page=2', { headers: { 'If-None-Match': headers.etag! } });
    expect(again.status()).toBe(304);
  });

  test('keeps its ETag when it is made again with nothing changed, so a browser still gets a 304', async ({
    request,
  }) => {
    const first = await request.get('/books?page=3');
    const etag = first.headers().etag!;
    // Past the store's time to live for a kept page (CATALOGUE_CACHE_SECONDS, 5 s, and as long again stale).
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    await request.get('/books?page=3');
    const later = await request.get('/books?page=3', { headers: { 'If-None-Match': etag } });
    expect(later.status()).toBe(304);
  });

  test('carries nothing personal, even for a signed-in shopper with a cart', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInFromLoginPage(page, account);
    await addToCart(page, await buyableBook(request));
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    // The same pages, fetched by this signed-in browser (its cookies go along).
    for (const path of ['/', '/books', '/cart', '/wishlist', '/profile']) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).not.toContain(account.username);
      expect(html, path).not.toContain(account.email);
      expect(html, path).not.toContain('data-testid="cart-count"');
    }
    // After hydration, this browser's own parts appear: the cart badge and the account menu.
    await page.goto('/');
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });
});

// The app's code starts after the server's page is on the screen (public/boot.js): asked for any
// earlier, it shares the connection with the page's stylesheet and cover, and the paint waits for it
// on a slow phone (docs/decisions/0021-less-script.md).
test('the app is asked for only after the first paint is on the screen', async ({ page, request }) => {
  const book = ((await (await request.get('/api/books/?page_size=1')).json()) as Paged<Book>).data[0]!;
  for (const path of ['/', '/books', `/book/${encodeURIComponent(book.title)}`, `/author/${book.author_slug}`]) {
    await page.goto(path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const { painted, asked } = await page.evaluate(() => {
      const entry = document.querySelector('meta[name="app-entry"]')?.getAttribute('content') ?? '';
      return {
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        asked: performance.getEntriesByName(new URL(entry, location.href).href)[0]?.startTime,
      };
    });
    expect(painted, path).toBeGreaterThan(0);
    expect(asked, path).toBeGreaterThan(painted!);
  }
});

// The suite fails any test whose page does not hydrate cleanly (e2e/fixtures.ts); this shows that
// check at work, on a page changed on its way in so that it is not what the app renders.
test.describe('hydration against HTML that differs', () => {
  test('is reported in the console as a hydration error', async ({ page, hydrationErrors }) => {
    await changeServedPages(page, (html) => html.replace('<footer', '<aside').replace('</footer>', '</aside>'));
    await page.goto('/');
    expect(hydrationErrors.join('\n')).toMatch(/Hydration error/);
    hydrationErrors.length = 0; // expected here; the fixture then checks that nothing else was reported
  });
});
