import { expect, test } from './fixtures';
import {
  accessToken,
  addToCart,
  buyableBook,
  createAccount,
  enterCard,
  expectAccessible,
  giveDeliveryAddress,
  orderThroughApi,
  proceedToPopup,
  signIn,
  signInFromLoginPage,
  SUCCESS_CARD,
} from './support';

/**
 * From cart to paid order, against the real server with the built-in sandbox pop-up: a guest who
 * signs in on the way and pays; a declined card; a closed pop-up; the confirmation page following a
 * payment from pending to paid; the order history empty and filled; guests sent to sign in.
 */

// Whole journeys of many steps against a real server on a shared machine: give them room.
test.describe.configure({ timeout: 120_000 });

const DECLINED_CARD = '4000 0000 0000 0002';

test.describe('checkout', () => {
  test('a guest signs in on the way to checkout and pays in the card pop-up', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await addToCart(page, book);

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByText('Please login to proceed with checkout')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, account);

    // Back in the cart, which kept the book through signing in.
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { name: 'Shopping Cart (1 item)' })).toBeVisible();
    await giveDeliveryAddress(page);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('button', { name: 'Pay Now' }).click();

    const popup = page.getByTestId('payment-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByText('TEST MODE')).toBeVisible();
    await expect(popup.getByTestId('payment-popup-email')).toHaveText(account.email);
    await expect(popup.getByTestId('payment-popup-amount')).toHaveText(`$${book.price}`);
    await expectAccessible(page, 'payment pop-up');
    await enterCard(page, SUCCESS_CARD, book.price);

    await expect(page.getByText('Payment successful!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/payment-success\/\d+$/);
    const orderId = page.url().split('/').pop();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Thank you for your purchase. Your order has been confirmed.')).toBeVisible();
    await expect(page.getByText(`#${orderId}`)).toBeVisible();
    await expect(page.getByTestId('payment-status')).toHaveText('Success');
    await expect(page.getByTestId('payment-reference')).toHaveText(new RegExp(`^ORD-${orderId}-\\d+$`));
    const line = page.getByRole('list', { name: 'Purchased items' }).getByRole('listitem');
    await expect(line).toContainText(book.title);
    await expect(line).toContainText(`1 x $${book.price}`);
    await expect(page.getByTestId('order-total')).toHaveText(`$${book.price}`);
    await expectAccessible(page, 'payment success');

    await page.getByRole('link', { name: 'View All Orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    const order = page.getByRole('article', { name: `Order #${orderId}` });
    await expect(order.getByText('Paid', { exact: true })).toBeVisible();
    await expect(order.getByText(/^Transaction Ref: ORD-/)).toBeVisible();

    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  test('a declined card is shown in the pop-up, and another card then pays', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await signInFromLoginPage(page, account);
    await addToCart(page, book);
    const popup = await proceedToPopup(page);

    await enterCard(page, DECLINED_CARD, book.price);
    await expect(popup.getByRole('alert')).toHaveText('Your card was declined. Please try another card.');
    await expect(page).toHaveURL(/\/cart$/);

    await page.getByLabel('Card number').fill(SUCCESS_CARD);
    await page.getByRole('button', { name: `Pay $${book.price}` }).click();
    await expect(page).toHaveURL(/\/payment-success\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  });

  test("closing the pop-up says 'Payment cancelled' and leaves the order pending", async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    await signInFromLoginPage(page, account);
    await addToCart(page, book);
    await proceedToPopup(page);

    await page.getByRole('button', { name: 'Close payment window' }).click();
    await expect(page.getByText('Payment cancelled')).toBeVisible();
    await expect(page.getByTestId('payment-popup')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Shopping Cart (1 item)' })).toBeVisible();

    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
    await expect(page.getByRole('article').first().getByText('Pending', { exact: true })).toBeVisible();
  });
});

test.describe('confirmation page', () => {
  test('follows a payment from pending to paid', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    const token = await accessToken(request, account);
    const { order, pay } = await orderThroughApi(request, token, book);
    await signInFromLoginPage(page, account);

    await page.goto(`/payment-success/${order.id}`);
    await expect(page.getByRole('heading', { name: 'Payment Processing' })).toBeVisible();
    await expect(page.getByText('Please wait while we confirm your payment...')).toBeVisible();
    await expect(page.getByTestId('payment-status')).toHaveText('Pending');
    await expect(page.getByTestId('payment-reference')).toHaveText('⏳ Processing...');
    await expectAccessible(page, 'payment processing');

    const reference = await pay();
    // The page checks every 5 seconds.
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 12_000 });
    await expect(page.getByTestId('payment-status')).toHaveText('Success');
    await expect(page.getByTestId('payment-reference')).toHaveText(reference);
  });

  test("shows 'Order Not Found' for an order that is not yours", async ({ page, request }) => {
    const owner = await createAccount(request);
    const book = await buyableBook(request);
    const { order } = await orderThroughApi(request, await accessToken(request, owner), book);
    await signInFromLoginPage(page, await createAccount(request));
    await page.goto(`/payment-success/${order.id}`);
    await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
    await expect(page.getByText('Error loading order details')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('sends guests to sign in and brings them back', async ({ page, request }) => {
    const account = await createAccount(request);
    const { order } = await orderThroughApi(request, await accessToken(request, account), await buyableBook(request));
    await page.goto(`/payment-success/${order.id}`);
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, account);
    await expect(page).toHaveURL(new RegExp(`/payment-success/${order.id}$`));
    await expect(page.getByRole('heading', { name: 'Payment Processing' })).toBeVisible();
  });
});

test.describe('order history', () => {
  test('is empty at first, then lists the orders', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, account);
    await expect(page).toHaveURL(/\/orders$/);

    await expect(page.getByRole('heading', { name: 'No Orders Yet' })).toBeVisible();
    await expect(page.getByText('Start shopping to create your first order!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Books' })).toHaveAttribute('href', '/books');
    await expectAccessible(page, 'orders empty');

    const token = await accessToken(request, account);
    const book = await buyableBook(request);
    const pending = await orderThroughApi(request, token, book);
    const paid = await orderThroughApi(request, token, book);
    const reference = await paid.pay();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
    const articles = page.getByRole('article');
    await expect(articles).toHaveCount(2);
    // Newest first.
    await expect(articles.first()).toHaveAccessibleName(`Order #${paid.order.id}`);
    const paidCard = page.getByRole('article', { name: `Order #${paid.order.id}` });
    await expect(paidCard.getByText('Paid', { exact: true })).toBeVisible();
    await expect(paidCard.getByText(`1 x $${book.price}`)).toBeVisible();
    await expect(paidCard.getByTestId('order-total')).toHaveText(`$${book.price}`);
    await expect(paidCard.getByText(reference)).toBeVisible();
    const pendingCard = page.getByRole('article', { name: `Order #${pending.order.id}` });
    await expect(pendingCard.getByText('Pending', { exact: true })).toBeVisible();
    await expect(pendingCard.getByText(/Transaction Ref/)).toHaveCount(0);
    await expect(pendingCard.getByText(/^Placed on /)).toBeVisible();
    await expectAccessible(page, 'orders filled');

    await paidCard.getByRole('link', { name: 'View Order Details →' }).click();
    await expect(page).toHaveURL(new RegExp(`/payment-success/${paid.order.id}$`));
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  });

  test("says 'Error loading orders' when they cannot be loaded", async ({ page, request }) => {
    const account = await createAccount(request);
    await signInFromLoginPage(page, account);
    await page.route('**/api/orders/', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The server had a problem' }),
      }),
    );
    await page.goto('/orders');
    await expect(page.getByText('Error loading orders')).toBeVisible();
  });
});
