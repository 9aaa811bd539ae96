import { expect, type Page, test } from './fixtures';
import {
  type Account,
  accessToken,
  addToCart,
  buyableBook,
  createAccount,
  enterCard,
  expectAccessibleInBothThemes,
  proceedToPopup,
  serverError,
  type ShopBook,
  signIn,
  signInFromLoginPage,
  stubJson,
  SUCCESS_CARD,
} from './support';

/**
 * The wishlist and reviews against the real server: hearts on cards and on the book page, the
 * /wishlist page and the menu's count, guests sent to sign in and back; writing, editing and deleting
 * a review, 'Verified Purchase' after a paid checkout, paging, and each screen's empty and error states.
 */

test.describe.configure({ timeout: 120_000 });

async function openReviews(page: Page, book: ShopBook) {
  await page.goto(`/book/${encodeURIComponent(book.title)}`);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByRole('region', { name: 'Rating summary' })).toBeVisible();
}

async function wishlistCount(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const count = (await page.getByTestId('wishlist-count').innerText()).trim();
  await page.keyboard.press('Escape');
  return count;
}

test.describe('wishlist', () => {
  test('heart a book on a card and another on its page, then move one to the cart and empty the list', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signInFromLoginPage(page, account);

    await page.goto('/books');
    const card = page.getByRole('article').first();
    const cardTitle = (await card.getByRole('heading').innerText()).trim();
    const heart = card.getByRole('button', { name: `Add ${cardTitle} to wishlist` });
    await heart.click();
    await expect(page.getByText('Added to wishlist')).toBeVisible();
    await expect(card.getByRole('button', { name: `Remove ${cardTitle} from wishlist` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    let pageBook = await buyableBook(request);
    while (pageBook.title === cardTitle) pageBook = await buyableBook(request);
    await page.goto(`/book/${encodeURIComponent(pageBook.title)}`);
    await page.getByRole('button', { name: `Add ${pageBook.title} to wishlist` }).click();
    await expect(page.getByRole('button', { name: `Remove ${pageBook.title} from wishlist` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await wishlistCount(page)).toMatch(/^2\s*books$/);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: /Wishlist/ }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist (2 items)' })).toBeVisible();
    const items = page.getByRole('list', { name: 'Wishlist' }).getByRole('listitem');
    await expect(items.nth(0)).toContainText(pageBook.title);
    await expect(items.nth(1)).toContainText(cardTitle);
    await expectAccessibleInBothThemes(page, 'wishlist', '#main');

    await page.getByRole('button', { name: `Add ${pageBook.title} to cart` }).click();
    await expect(page.getByText('Added to cart')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

    await page.getByRole('button', { name: `Remove ${pageBook.title} from wishlist` }).click();
    await expect(page.getByText('Removed from wishlist')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist (1 item)' })).toBeVisible();
    expect(await wishlistCount(page)).toMatch(/^1\s*book$/);

    await page.getByRole('button', { name: `Remove ${cardTitle} from wishlist` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your wishlist is empty' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'empty wishlist', '#main');
    await page.getByRole('link', { name: 'Browse Books' }).click();
    await expect(page).toHaveURL(/\/books$/);
  });

  test('a guest opening /wishlist signs in and comes back to it', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/wishlist');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, account);
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your wishlist is empty' })).toBeVisible();
  });

  test('a guest pressing a heart is asked to log in, then brought back to the book', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await page.goto(`/book/${encodeURIComponent(book.title)}`);
    await page.getByRole('button', { name: `Add ${book.title} to wishlist` }).click();
    await expect(page.getByText('Please login to add to wishlist')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, account);
    await expect(page).toHaveURL(/\/book\//);
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
  });

  test('a refused change puts the heart back, and a failed list shows its error', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await signInFromLoginPage(page, account);
    await stubJson(page, /\/api\/wishlist\/add\/\d+\/$/, serverError, 500);
    await page.goto(`/book/${encodeURIComponent(book.title)}`);
    await page.getByRole('button', { name: `Add ${book.title} to wishlist` }).click();
    await expect(page.getByText('Failed to update wishlist')).toBeVisible();
    await expect(page.getByRole('button', { name: `Add ${book.title} to wishlist` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await stubJson(page, /\/api\/wishlist\/$/, serverError, 500);
    await page.goto('/wishlist');
    await expect(page.getByRole('alert')).toContainText('Failed to fetch wishlist');
  });
});

test.describe('reviews', () => {
  test('write, edit and delete a review; its comment stays text', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await signInFromLoginPage(page, account);
    await openReviews(page, book);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });

    const form = page.getByRole('form', { name: 'Write a Review' });
    await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    // Keyboard: the rating is one radio group; the arrow keys move the choice.
    await form.getByRole('radio', { name: '5 stars' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    const markup = '<img src=x onerror=alert(1)>';
    await form.getByLabel('Comment').fill(markup);
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Review submitted successfully')).toBeVisible();

    const mine = page.getByTestId('review').first();
    await expect(mine).toContainText('Your review');
    await expect(mine).toContainText('Olive Buyer');
    await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(mine.getByText(markup, { exact: true })).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /Reviews \(\d+\)/ })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'reviews tab', '#main');

    await mine.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit your review' });
    await expect(edit.getByLabel('Comment')).toHaveValue(markup);
    await edit.getByRole('radio', { name: '2 stars' }).check({ force: true });
    await edit.getByLabel('Comment').fill('On second thoughts, slow going.');
    await edit.getByRole('button', { name: 'Update Review' }).click();
    await expect(mine).toContainText('On second thoughts, slow going.');
    await expect(mine.getByRole('img', { name: 'Rated 2 out of 5' })).toBeVisible();

    await mine.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Review deleted')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Write a Review' })).toBeVisible();
    await expect(page.getByText('On second thoughts, slow going.')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  test('a guest is asked to log in to review, and comes back to the book', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await openReviews(page, book);
    await expect(page.getByText('Please login to submit a review')).toBeVisible();
    await page.getByRole('tabpanel').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, account);
    await expect(page).toHaveURL(/\/book\//);
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
  });

  test("'Verified Purchase' beside the review of a shopper who paid for the book", async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await signInFromLoginPage(page, account);
    await addToCart(page, book);
    await proceedToPopup(page);
    await enterCard(page, SUCCESS_CARD, book.price);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

    await openReviews(page, book);
    const form = page.getByRole('form', { name: 'Write a Review' });
    await form.getByLabel('Comment').fill('Arrived quickly and reads beautifully.');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    const mine = page.getByTestId('review').first();
    await expect(mine).toContainText('Arrived quickly and reads beautifully.');
    await expect(mine.getByText('Verified Purchase')).toBeVisible();
    // A buyer's review counts in the book's rating.
    await expect(page.getByRole('region', { name: 'Rating summary' })).toContainText(/From \d+ verified buyers?/);
  });

  test("the first 10 reviews, then Show more; the summary counts the buyers' stars only", async ({ page, request }) => {
    const book = await buyableBook(request);
    const writers: Account[] = await Promise.all(Array.from({ length: 11 }, () => createAccount(request)));
    for (const [i, writer] of writers.entries()) {
      const res = await request.post(`/api/books/${encodeURIComponent(book.title)}/reviews/`, {
        headers: { authorization: `Bearer ${await accessToken(request, writer)}` },
        data: { rating: i < 6 ? 5 : 3, comment: `Paging review ${i}` },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await openReviews(page, book);
    const reviews = page.getByRole('list', { name: 'Reviews', exact: true }).getByRole('listitem');
    await expect(reviews).toHaveCount(10);
    await expect(reviews.first()).toContainText('Paging review 10');
    // None of the eleven bought the book: every review is listed, none counts in the rating.
    const { summary } = await (await request.get(`/api/books/${encodeURIComponent(book.title)}/reviews/`)).json();
    expect(summary.reviews).toBeGreaterThanOrEqual(11);
    await expect(page.getByTestId('stars-5-count')).toHaveText(String(summary.stars[0].count));
    await expect(page.getByRole('region', { name: 'Rating summary' })).toContainText(
      summary.count === 0 ? 'No ratings from buyers yet' : `From ${summary.count} verified buyer`,
    );
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(page.getByText('Paging review 0', { exact: true })).toBeVisible();
  });

  test('a failing list shows its error, and a refused review says why', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await signInFromLoginPage(page, account);
    await page.route(/\/api\/books\/[^/]+\/reviews\/\?/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(serverError) }),
    );
    await page.goto(`/book/${encodeURIComponent(book.title)}`);
    await page.getByRole('tab', { name: /Reviews/ }).click();
    await expect(page.getByRole('alert')).toContainText('Failed to load reviews');

    await page.unrouteAll();
    await stubJson(page, /\/api\/books\/[^/]+\/reviews\/$/, { error: 'Reviews are closed for maintenance' }, 503);
    await openReviews(page, book);
    const form = page.getByRole('form', { name: 'Write a Review' });
    await form.getByLabel('Comment').fill('Will this arrive?');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Reviews are closed for maintenance')).toBeVisible();
    await expect(form.getByLabel('Comment')).toHaveValue('Will this arrive?');
  });
});
