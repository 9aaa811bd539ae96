import { randomBytes } from 'node:crypto';
import type { Route } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import {
  accessToken,
  addToCart,
  buyableBook,
  createAccount,
  enterCard,
  expectAccessible,
  giveDeliveryAddress,
  orderThroughApi,
  soldOutBook,
  type ShopBook,
  signInFromLoginPage,
  stubJson,
  SUCCESS_CARD,
  toasts,
} from './support';

/**
 * The cart's stepper and protection plan, the out-of-stock page, and paying a pending order later,
 * against the real server (with a stub where a state cannot be made on demand: a hold that ended, a
 * book that sold out meanwhile).
 */

const READY = { timeout: 15_000 };
test.describe.configure({ timeout: 120_000 });

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (price: string) => Math.round(Number(price) * 100);

/** The cart's look-up of its books answers with this many copies of `book` left. */
async function stockInShop(page: Page, book: ShopBook, stock: () => number) {
  await page.route('**/api/books/lookup/**', async (route: Route) => {
    const response = await route.fetch();
    const books = ((await response.json()) as ShopBook[]).map((b) =>
      // The line is the title's default edition (the first): its stock is the one the cart reads.
      b.id === book.id
        ? {
            ...b,
            stock_amount: stock(),
            editions: b.editions?.map((e, i) => (i === 0 ? { ...e, stock_amount: stock() } : e)),
          }
        : b,
    );
    await route.fulfill({ response, json: books });
  });
}

test.describe('cart', () => {
  test('the stepper adds and takes away one copy, never past the stock; the bin empties the cart', async ({
    page,
    request,
  }) => {
    const book = await buyableBook(request);
    await stockInShop(page, book, () => 3);
    await addToCart(page, book);
    await page.goto('/cart');
    const more = page.getByRole('button', { name: `Add one copy of ${book.title}` });
    const fewer = page.getByRole('button', { name: `Remove one copy of ${book.title}` });
    await expect(fewer).toBeDisabled();
    await more.click();
    await more.click();
    await expect(page.getByRole('heading', { name: 'Shopping Cart (3 items)' })).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText(dollars(3 * cents(book.price)));
    // The shop has three: the stepper stops there and says why.
    await expect(more).toBeDisabled();
    await expect(page.getByText('Only 3 copies left')).toBeVisible();
    await fewer.click();
    await expect(page.getByRole('heading', { name: 'Shopping Cart (2 items)' })).toBeVisible();
    await expect(more).toBeEnabled();

    await page.getByRole('button', { name: `Remove ${book.title}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  test('a book that sold out while in the cart says so on its line', async ({ page, request }) => {
    const book = await buyableBook(request);
    await stockInShop(page, book, () => 0);
    await addToCart(page, book);
    await page.goto('/cart');
    await expect(page.getByText('Out of stock: remove it to check out')).toBeVisible(READY);
    await expect(page.getByRole('button', { name: `Add one copy of ${book.title}` })).toBeDisabled();
  });
});

test.describe('signing in from the cart', () => {
  test('a guest sent to sign in to check out comes back to the cart, with its books', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await addToCart(page, book);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeVisible(READY);
    await expect(page.getByText(book.title).first()).toBeVisible();
  });

  test("a guest who signs in with the header's Sign In while on the cart comes back to the cart", async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await addToCart(page, await buyableBook(request));
    await page.goto('/cart');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/, READY);
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeVisible(READY);
  });

  test("a guest who follows the cart's Sign in and then signs up comes back to the cart", async ({ page, request }) => {
    await addToCart(page, await buyableBook(request));
    await page.goto('/cart');
    // The link works as a plain link too: where to come back to travels in the address.
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fcart$/);
    await page.getByRole('link', { name: 'Create one' }).click();
    await expect(page).toHaveURL(/\/register\?next=%2Fcart$/);
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    const username = `c${randomBytes(5).toString('hex')}`;
    await page.getByLabel('Email').fill(`${username}@example.test`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('First Name').fill('Olive');
    await page.getByLabel('Last Name').fill('Buyer');
    await page.getByLabel('Password', { exact: true }).fill('reading-all-night');
    await page.getByLabel('Confirm Password').fill('reading-all-night');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/cart$/, READY);
  });

  test('only a path of this shop is a place to come back to', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/login?next=%2F%2Fevil.example%2F');
    await page.getByLabel('Email or username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible(READY);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });
});

test.describe('protection plan', () => {
  test('ticked on the book page, it is priced in the cart, the order and the order history', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await signInFromLoginPage(page, account);
    await page.goto(`/book/${encodeURIComponent(book.title)}`);
    await page.getByRole('checkbox', { name: /2-Year Protection/ }).check();
    await page.getByRole('button', { name: 'Add to Cart (1)' }).click();
    await expect(page.getByText('Added 1 book(s) to cart')).toBeVisible();

    await page.goto('/cart');
    const total = cents(book.price) + 299;
    await expect(
      page.getByRole('checkbox', { name: new RegExp(`2-Year Protection .* for ${book.title}`) }),
    ).toBeChecked();
    await expect(page.getByTestId('cart-subtotal')).toHaveText(`$${book.price}`);
    await expect(page.getByTestId('cart-protection')).toHaveText('$2.99');
    await expect(page.getByTestId('cart-total')).toHaveText(dollars(total));
    await expectAccessible(page, 'cart with protection', '#main');

    await giveDeliveryAddress(page);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByText(/^Your order #\d+ is reserved for 15 minutes — pay to complete it$/)).toBeVisible();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByTestId('payment-popup-amount')).toHaveText(dollars(total));
    await enterCard(page, SUCCESS_CARD, (total / 100).toFixed(2));

    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible(READY);
    const orderId = page.url().split('/').pop();
    await expect(page.getByTestId('protection-line')).toHaveText(/2-Year Protection · 1 x \$2\.99\s*\$2\.99/);
    await expect(page.getByTestId('order-total')).toHaveText(dollars(total));

    await page.getByRole('link', { name: 'View All Orders' }).click();
    const receipt = page.getByRole('article', { name: `Order #${orderId}` });
    await expect(receipt.getByTestId('protection-line')).toBeVisible();
    await expect(receipt.getByTestId('order-total')).toHaveText(dollars(total));
  });

  test('left unticked, no protection is charged; a changed price refreshes a total that keeps it', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await signInFromLoginPage(page, account);
    await addToCart(page, book);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-protection')).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toHaveText(`$${book.price}`);

    // The shop's price went up by a dollar since the book was added: the server refuses the order.
    await page.getByRole('checkbox', { name: /2-Year Protection/ }).check();
    const newPrice = ((cents(book.price) + 100) / 100).toFixed(2);
    await stubJson(
      page,
      '**/api/orders/',
      {
        error:
          'Prices have changed since these books were added to your cart. Please review your cart and check out again.',
        prices: [{ book: book.id, price: newPrice }],
        total_price: dollars(cents(newPrice) + 299).slice(1),
      },
      409,
    );
    await giveDeliveryAddress(page);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(toasts(page).filter({ hasText: 'Prices have changed' })).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText(dollars(cents(newPrice) + 299));
    await expect(page.getByTestId('cart-protection')).toHaveText('$2.99');
  });
});

test.describe('out of stock', () => {
  test('an out-of-stock book promises no delivery and offers nothing to add', async ({ page, request }) => {
    const soldOut = await soldOutBook(request);
    await page.goto(`/book/${encodeURIComponent(soldOut.title)}`);
    await expect(
      page.getByText('This book is sold out for now, so it cannot be ordered.', { exact: false }),
    ).toBeVisible(READY);
    await expect(page.getByTestId('purchase-box').getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: /2-Year Protection/ })).toHaveCount(0);
    await expect(page.getByText('Estimated delivery')).toHaveCount(0);
    await expect(page.getByText('No delivery date while the book is out of stock.')).toBeVisible();
    await expectAccessible(page, 'out-of-stock book', '#main');

    // A book in stock, by contrast, has all of them.
    const inStock = await buyableBook(request, { paper: true });
    await page.goto(`/book/${encodeURIComponent(inStock.title)}`);
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toBeVisible(READY);
    await expect(page.getByText(/^Estimated delivery:/)).toBeVisible();
  });
});

test.describe('paying a pending order later', () => {
  test('an order left unpaid is paid from its page with Pay Now', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    const { order } = await orderThroughApi(request, await accessToken(request, account), book);
    await signInFromLoginPage(page, account);
    await page.goto(`/payment-success/${order.id}`);
    await expect(page.getByText(/Your books are held for you until/)).toBeVisible(READY);
    await expectAccessible(page, 'pending order with Pay Now', '#main');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await enterCard(page, SUCCESS_CARD, book.price);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible(READY);
    await expect(page.getByTestId('payment-reference')).toHaveText(new RegExp(`^ORD-${order.id}-\\d+$`));
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  });

  test('an order whose hold has ended says so, and a refused attempt says why', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    const { order } = await orderThroughApi(request, await accessToken(request, account), book);
    await signInFromLoginPage(page, account);

    // The server refuses the attempt: the hold ended between loading the page and pressing Pay Now.
    const ended = 'The time to pay for this order has run out and its books are back on sale. Please check out again.';
    await stubJson(page, '**/api/payments/initialize/', { error: ended }, 409);
    await page.goto(`/payment-success/${order.id}`);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(toasts(page).filter({ hasText: ended })).toBeVisible();

    // The hold has ended (as the server will say after RESERVATION_MINUTES).
    await page.route(`**/api/orders/${order.id}/`, async (route) => {
      const response = await route.fetch();
      const past = new Date(Date.now() - 60_000).toISOString();
      await route.fulfill({
        response,
        json: { ...(await response.json()), status: 'cancelled', reserved_until: past },
      });
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'The time to pay has run out' })).toBeVisible(READY);
    await expect(page.getByText(/nothing was charged and its books went back on sale/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  });
});
