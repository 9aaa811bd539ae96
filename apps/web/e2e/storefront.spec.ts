import type { Book, Paged } from '@bookstore/contract';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { bookAddedFromItsCard, isPhone, soldOutBook, toasts } from './support';

async function allBooks(request: APIRequestContext, ordering = '-created_at'): Promise<Book[]> {
  const reply = await request.get(`/api/books/?page_size=100&ordering=${ordering}`);
  return ((await reply.json()) as Paged<Book>).data;
}

const cards = (page: Page) => page.getByRole('article');

test.describe('home', () => {
  test('hero, new arrivals carousel, the first 8 books and the way to all books', async ({ page }, info) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Your Next Favorite Book' })).toBeVisible();
    await expect(page.getByText('50% off bestsellers').first()).toBeVisible();

    const carousel = page.getByRole('region', { name: 'New arrivals' }).getByRole('list');
    await expect(carousel.getByRole('listitem').first()).toBeVisible();
    // 1.2 slides per view under 720 px, 4.2 from 1024 px, with 16 px between slides.
    const perView = isPhone(info) ? 1.2 : 4.2;
    const [containerWidth, slideWidth] = await carousel.evaluate((el) => [
      el.getBoundingClientRect().width,
      el.querySelector('li')!.getBoundingClientRect().width,
    ]);
    expect(Math.abs(slideWidth - (containerWidth - (perView - 1) * 16) / perView)).toBeLessThan(2);
    // The next and previous buttons move it by a slide, from the keyboard too.
    await page.getByRole('button', { name: 'Next books' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => carousel.evaluate((el) => el.scrollLeft)).toBeGreaterThan(slideWidth / 2);
    await page.getByRole('button', { name: 'Previous books' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => carousel.evaluate((el) => el.scrollLeft)).toBeLessThan(2);

    await expect(cards(page)).toHaveCount(8);
    await expect(cards(page).first().getByRole('link', { name: 'View' })).toBeVisible();
    await page.getByRole('link', { name: 'See all books' }).click();
    await expect(page).toHaveURL(/\/books$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Shop Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /All Books/ })).toBeVisible();
  });
});

test.describe('all books', () => {
  test('counts the books, loads more as the end scrolls into view, and sorts on the server', async ({
    page,
    request,
  }) => {
    const newest = await allBooks(request);
    await page.goto('/books');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`(${newest.length} books)`);
    await expect(cards(page)).toHaveCount(20);
    await expect(cards(page).first()).toContainText(newest[0]!.title);
    await expect(cards(page).first().getByRole('link', { name: 'Details' })).toBeVisible();

    await page.getByTestId('end-of-list').scrollIntoViewIfNeeded();
    await expect(cards(page)).toHaveCount(40);

    const oldest = await allBooks(request, 'created_at');
    await page.getByLabel('Sort by').selectOption({ label: 'Oldest First' });
    await expect(page).toHaveURL(/ordering=created_at/);
    await expect(cards(page).first()).toContainText(oldest[0]!.title);
    await expect(cards(page).nth(1)).toContainText(oldest[1]!.title);
  });

  test('adds a book to the cart from its card', async ({ page, request }) => {
    const book = await bookAddedFromItsCard(request);
    await page.goto('/books');
    const card = page.getByRole('article', { name: book.title });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to cart successfully!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  });
});

test.describe('book detail', () => {
  test('shows everything about a discounted book and adds the chosen quantity', async ({ page, request }) => {
    const book = (await allBooks(request)).find(
      (b) => Number(b.original_price) > Number(b.price) && (b.stock_amount ?? 0) >= 5,
    )!;
    const off = Math.round(((Number(book.original_price) - Number(book.price)) / Number(book.original_price)) * 100);
    await page.goto(`/book/${encodeURIComponent(book.title)}`);
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
    await expect(page.getByRole('link', { name: book.book_author }).first()).toBeVisible();
    await expect(page.getByText(`${off}% OFF`)).toBeVisible();
    await expect(
      page
        .locator('s')
        .filter({ hasText: `$${book.original_price}` })
        .first(),
    ).toBeVisible();
    // The average is of verified buyers' reviews, and says how many it is made of.
    await expect(
      book.rating_count === 0
        ? page.getByText('No ratings yet').first()
        : page.getByText(`(${book.rating_count} rating${book.rating_count === 1 ? '' : 's'})`),
    ).toBeVisible();

    const minus = page.getByRole('button', { name: 'Decrease quantity' });
    await expect(minus).toBeDisabled();
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('0');
    await expect(page.getByRole('button', { name: 'Add to Cart (1)' })).toBeVisible();
    await quantity.fill('3');
    await page.getByRole('button', { name: 'Add to Cart (3)' }).click();
    await expect(page.getByText('Added 3 book(s) to cart')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

    // Tabs: description first, then details and the reviews.
    await expect(page.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(book.description.slice(0, 40));
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(book.isbn);
    await page.getByRole('tab', { name: /Reviews/ }).click();
    if (book.review_count === 0) await expect(page.getByRole('tabpanel')).toContainText('No reviews yet.');
    else
      await expect(page.getByRole('list', { name: 'Reviews', exact: true }).getByRole('listitem')).toHaveCount(
        Math.min(book.review_count, 10),
      );

    const shipping = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Shipping Options' }) });
    await expect(shipping.getByRole('listitem').nth(0)).toHaveText(/Standard Delivery\s*3-5 business days\s*\$4\.99/);
    await expect(shipping.getByRole('listitem').nth(1)).toHaveText(/Express Delivery\s*1-2 business days\s*\$9\.99/);
    await expect(page.getByText(/30-day return or exchange/)).toBeVisible();
    const expected = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 3);
      return d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
    });
    await expect(page.getByText(`Estimated delivery: ${expected}`)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /2-Year Protection \+\$2\.99/ })).not.toBeChecked();
    // "We accept" shows what checkout offers (the card) and nothing it does not.
    const accepted = page.getByRole('heading', { name: 'We accept' }).locator('..').getByRole('img');
    await expect(accepted).toHaveCount(1);
    await expect(page.getByRole('img', { name: 'Card payments' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Wallet payments' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Mobile money' })).toHaveCount(0);
    await expect(page.getByText(/delivered digitally/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Related Books' })).toBeVisible();
  });

  test('asks a guest to log in before using the wishlist, and remembers the page', async ({ page, request }) => {
    const book = (await allBooks(request))[0]!;
    const path = `/book/${encodeURIComponent(book.title)}`;
    await page.goto(path);
    await page.getByRole('button', { name: `Add ${book.title} to wishlist`, exact: true }).click();
    await expect(page.getByText('Please login to add to wishlist')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe(path);
  });

  test('an out-of-stock book cannot be added', async ({ page, request }) => {
    const book = await soldOutBook(request);
    await page.goto(`/book/${encodeURIComponent(book.title)}`);
    await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    await expect(page.getByTestId('purchase-box').getByRole('button', { name: /^Add to Cart/ })).toHaveCount(0);
  });

  test('old links by slug still open the book; unknown books say so', async ({ page, request }) => {
    const book = (await allBooks(request))[1]!;
    await page.goto(`/book/${book.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
    await page.goto('/book/No%20Such%20Book%20Anywhere');
    await expect(page.getByRole('heading', { name: 'Book not found' })).toBeVisible();
  });
});

test.describe('cart', () => {
  test('lines, totals in dollars, removing, closing and the empty state', async ({ page, request }) => {
    const [a, b] = (await allBooks(request)).filter((x) => (x.stock_amount ?? 0) > 2);
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByText("Looks like you haven't added any books to your cart yet.")).toBeVisible();

    for (const book of [a!, b!, a!]) {
      await page.goto(`/book/${encodeURIComponent(book.title)}`);
      await page.getByRole('button', { name: 'Add to Cart (1)' }).click();
    }
    await page.getByRole('link', { name: 'Cart, 3 items' }).click();
    await expect(page.getByRole('heading', { name: 'Shopping Cart (3 items)' })).toBeVisible();
    const cents = (s: string) => Math.round(Number(s) * 100);
    const total = 2 * cents(a!.price) + cents(b!.price);
    const dollars = `$${(total / 100).toFixed(2)}`;
    await expect(page.getByText(`$${a!.price} x 2`)).toBeVisible();
    await expect(page.getByTestId('cart-subtotal')).toHaveText(dollars);
    await expect(page.getByTestId('cart-total')).toHaveText(dollars);
    // The Order Summary's Shipping row (the delivery step's Standard Delivery reads "Free" too).
    await expect(page.getByTestId('cart-shipping')).toHaveText('Free');
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeVisible();

    await page.getByRole('button', { name: `Remove one copy of ${a!.title}` }).click();
    await expect(page.getByRole('heading', { name: 'Shopping Cart (2 items)' })).toBeVisible();
    // The cart survives a reload (persisted as cart-storage under the guest id).
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Shopping Cart (2 items)' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('guestId'))).toMatch(/^guest_/);

    // Close goes back one step: to the book page the cart was opened from.
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { level: 1, name: a!.title })).toBeVisible();
  });

  test('never shows more than 20 toasts at once', async ({ page, request }) => {
    const book = await bookAddedFromItsCard(request);
    await page.goto('/books');
    const add = page.getByRole('article', { name: book.title }).getByRole('button', { name: 'Add to Cart' });
    // 24 quick clicks, each with its 'Added to cart successfully!' toast.
    await add.evaluate((button: HTMLButtonElement) => {
      for (let i = 0; i < 24; i += 1) button.click();
    });
    await expect(page.getByRole('link', { name: 'Cart, 24 items' })).toBeVisible();
    await expect(toasts(page).first()).toBeVisible();
    expect(await toasts(page).count()).toBeLessThanOrEqual(20);
  });
});

test.describe('header', () => {
  test('search shows results as you type and opens the book', async ({ page }, info) => {
    await page.goto('/about');
    const box = page.getByRole('combobox', { name: 'Search books' });
    await box.click();
    if (isPhone(info)) await expect(page.getByRole('button', { name: 'Close search' })).toBeVisible();
    await box.fill('zzqqxx');
    await expect(page.getByText('No results found for "zzqqxx"')).toBeVisible();
    await box.fill('gatsby');
    const results = page.getByRole('region', { name: 'Search results' });
    await results.getByRole('option', { name: /The Great Gatsby/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The Great Gatsby' })).toBeVisible();
    await expect(box).toHaveValue('');
    if (isPhone(info)) {
      await box.click();
      await page.getByRole('button', { name: 'Close search' }).click();
      await expect(page.getByRole('button', { name: 'Close search' })).toBeHidden();
    }
  });

  test('categories and authors menus list featured entries first, then all', async ({ page }, info) => {
    await page.goto('/');
    if (isPhone(info)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const panel = page.getByRole('dialog', { name: 'Menu' });
      await panel.getByRole('button', { name: 'Authors' }).click();
      await expect(panel.getByText('All Authors')).toBeVisible();
      await panel.getByRole('button', { name: 'Categories' }).click();
      await expect(panel.getByText('Featured').first()).toBeVisible();
      await panel.getByRole('link', { name: 'Romance' }).first().click();
      await expect(panel).toBeHidden();
    } else {
      await page.getByRole('button', { name: 'Authors' }).hover();
      await expect(
        page.getByRole('region', { name: 'All Authors' }).getByRole('link', { name: 'Jane Austen' }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Categories' }).hover();
      const featured = page.getByRole('region', { name: 'Featured Categories' });
      await expect(featured.getByRole('link', { name: 'Romance' })).toBeVisible();
      await expect(featured.getByRole('link', { name: 'Adventure' })).toHaveCount(0);
      await expect(
        page.getByRole('region', { name: 'All Categories' }).getByRole('link', { name: 'Adventure' }),
      ).toBeVisible();
      await featured.getByRole('link', { name: 'Romance' }).click();
    }
    await expect(page).toHaveURL(/\/category\/romance$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Romance' })).toBeVisible();
  });

  test('changes style once scrolled, and every new page starts at the top', async ({ page }) => {
    await page.goto('/books');
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await cards(page).nth(9).getByRole('link', { name: 'Details' }).click();
    await expect(page.getByRole('heading', { name: 'Related Books' })).toBeAttached();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('dark mode covers the page, sets the theme colour and survives a reload', async ({ page }, info) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    if (isPhone(info)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await page.getByRole('button', { name: 'Close menu' }).click();
    } else {
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    }
    await expect(html).toHaveClass(/dark/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#000000');
    const background = await page.locator('html').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    // No flash: the class is there before the app's code runs.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload({ waitUntil: 'commit' });
    await expect(html).toHaveClass(/dark/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#000000');
  });

  test.describe('on a device set to dark', () => {
    test.use({ colorScheme: 'dark' });

    test("follows the device's setting from the first paint until a theme is picked, then keeps the pick", async ({
      page,
    }, info) => {
      const html = page.locator('html');
      // The server's page alone, before any of the app's code: already dark, nothing stored.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/', { waitUntil: 'commit' });
      await expect(html).toHaveClass(/\bdark\b/);
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#000000');
      await page.unroute('**/assets/*.js');

      await page.goto('/');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await expect(html).toHaveClass(/\bdark\b/);
      // The device switches to light while the page is open: the page follows.
      await page.emulateMedia({ colorScheme: 'light' });
      await expect(html).not.toHaveClass(/\bdark\b/);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(html).toHaveClass(/\bdark\b/);

      // The shopper picks light: it wins over the dark device, now, after a reload and on the first paint.
      if (isPhone(info)) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('button', { name: 'Switch to light mode' }).click();
        await page.getByRole('button', { name: 'Close menu' }).click();
      } else {
        await page.getByRole('button', { name: 'Switch to light mode' }).click();
      }
      await expect(html).not.toHaveClass(/\bdark\b/);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(html).not.toHaveClass(/\bdark\b/);
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.reload({ waitUntil: 'commit' });
      await expect(html).not.toHaveClass(/\bdark\b/);
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
    });
  });
});

test.describe('authors and categories', () => {
  test("an unknown author or category, and an address that cannot be read, get the shop's own pages and statuses", async ({
    page,
    request,
  }) => {
    for (const path of ['/author/nobody-at-all', '/category/no-such-shelf', '/books/abc']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
      await expect(page.getByText('Failed to load')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Browse Books' })).toBeVisible();
    }
    for (const path of ['/books/%E0%A4%A', '/author/%E0%A4%A', '/books?page=%E0%A4%A']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(400);
      expect(response?.headers()['content-type'], path).toContain('text/html');
      await expect(page.getByRole('heading', { level: 1, name: 'This address is not valid' }), path).toBeVisible();
    }
    const api = await request.get('/api/authors/%E0%A4%A/');
    expect(api.status()).toBe(400);
    expect(await api.json()).toEqual({ error: 'The address is not valid' });
  });

  test('an author page shows the author and their books', async ({ page, request }) => {
    const author = await (await request.get('/api/authors/jane-austen/')).json();
    await page.goto('/author/jane-austen');
    await expect(page.getByRole('heading', { level: 1, name: author.name })).toBeVisible();
    await expect(page.getByText('Published Books')).toBeVisible();
    await expect(page.getByText(author.brief.slice(0, 30))).toBeVisible();
    await expect(cards(page)).toHaveCount(author.number_of_books);
  });

  test('a category page shows the category and its books', async ({ page, request }) => {
    const category = await (await request.get('/api/categories/gothic-horror/')).json();
    await page.goto('/category/gothic-horror');
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
    await expect(cards(page)).toHaveCount(category.number_of_books);
  });
});

test.describe('contact, newsletter and static pages', () => {
  test('the contact form sends and keeps name and email', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Find Us' })).toBeVisible();
    await expect(page.getByText('Mon-Fri 9:00 AM-6:00 PM')).toBeVisible();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.getByLabel('Name').fill('Ada Reader');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('A question');
    await page.getByLabel('Message').fill('Do you ship to Lisbon?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully! We will get back to you soon.')).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
    await expect(page.getByLabel('Name')).toHaveValue('Ada Reader');
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  });

  test('the footer newsletter subscribes, and answers the same when the address comes again', async ({ page }) => {
    const email = `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    const input = footer.getByRole('textbox', { name: /inbox/ });
    await expect(input).toHaveAttribute('type', 'email');
    await input.fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('alert')).toHaveText('Enter a valid email address');
    await input.fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    const status = footer.getByRole('status');
    await expect(status).not.toBeEmpty();
    const first = await status.textContent();
    await input.fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    // No hint whether the address was on the list already.
    await expect(status).toHaveText(first!);
  });

  test('footer links reach every static page', async ({ page }) => {
    const pages: [string, RegExp, string][] = [
      ['About Us', /\/about$/, 'Our Story'],
      ['Blog', /\/blog$/, 'Blog'],
      ['Contact', /\/contact$/, 'Get in Touch'],
      ['Discord Community', /\/discord$/, 'Discord Community'],
      ['Twitter', /\/twitter$/, 'Twitter'],
      ['Facebook', /\/facebook$/, 'Facebook'],
      ['Privacy Policy', /\/privacy$/, 'Privacy Policy'],
      ['Terms & Conditions', /\/terms$/, 'Terms & Conditions'],
      ['Return Policy', /\/returns$/, 'Return Policy'],
    ];
    await page.goto('/');
    for (const [link, url, heading] of pages) {
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).first().click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await expect(page.getByText(/30-day return or exchange/)).toBeVisible();
    await page.goto('/about');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('an unknown address shows a real 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse Books' }).click();
    await expect(page).toHaveURL(/\/books$/);
  });
});
