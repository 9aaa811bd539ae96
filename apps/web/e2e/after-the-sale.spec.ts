import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  type Account,
  accessToken,
  addToCart,
  createAccount,
  enterCard,
  expectAccessible,
  expectAccessibleInBothThemes,
  fillAddressForm,
  orderThroughApi,
  serverError,
  type ShopBook,
  signInAsStaff,
  signInFromLoginPage,
  STAFF,
  stubJson,
  submitBook,
  SUCCESS_CARD,
  TEST_ADDRESS,
  toasts,
} from './support';

/**
 * After the sale (docs/product.md, "After the sale"): an address book, checkout with an address and a
 * delivery method, the staff's work queue and actions on an order, and the shopper following and
 * cancelling it, against the real server; with the empty and failing states of each screen.
 */

const READY = { timeout: 15_000 };
test.describe.configure({ timeout: 150_000 });

const cents = (price: string) => Math.round(Number(price) * 100);
const dollars = (value: number) => `$${(value / 100).toFixed(2)}`;
const staffAccount: Account = { username: STAFF.email, email: STAFF.email, password: STAFF.password };

/**
 * A paper book of this test's own (four copies unless told, $15.00), sent by a reader and approved by
 * staff, so counting its stock is not disturbed by other tests.
 */
async function ownBook(request: APIRequestContext, extra: Record<string, string> = {}): Promise<ShopBook> {
  const contributor = await createAccount(request);
  const title = `Parcel ${Math.random().toString(36).slice(2, 10)}`;
  const book = await submitBook(request, await accessToken(request, contributor), title, extra);
  const approved = await request.post(`/api/admin/books/${book.id}/approve/`, {
    headers: { authorization: `Bearer ${await accessToken(request, staffAccount)}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { id: book.id, title, price: '15.00', stock_amount: 4, available: true, book_type: 'Paperback' };
}

async function stockOf(request: APIRequestContext, id: number): Promise<number> {
  const [book] = (await (await request.get(`/api/books/lookup/?ids=${id}`)).json()) as ShopBook[];
  return book!.stock_amount;
}

/** Leaves the staff session and signs the shopper in, in the same tab. */
async function switchTo(page: Page, account: Account) {
  await page.evaluate(() => localStorage.removeItem('auth'));
  await signInFromLoginPage(page, account);
}

test.describe('checkout with delivery', () => {
  test('a new address and Express Delivery: the summary, the pop-up and the order all charge the shipping', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const book = await ownBook(request);
    await signInFromLoginPage(page, account);
    await addToCart(page, book);
    await page.goto('/cart');

    // No address yet: the form is in the cart, the shopper's name already in it.
    const form = page.getByRole('form', { name: 'Use this address' });
    await expect(form).toBeVisible(READY);
    await expect(form.getByLabel('Full name')).toHaveValue('Olive Buyer');
    await expect(page.getByTestId('cart-shipping')).toHaveText('Free');

    // The contract's checks, in the shop's words, before anything is sent.
    await form.getByLabel('Full name').fill('');
    await form.getByRole('button', { name: 'Use this address' }).click();
    await expect(form.getByText('Enter the name')).toBeVisible();
    await fillAddressForm(form, { ...TEST_ADDRESS, postal_code: '12' });
    await form.getByRole('button', { name: 'Use this address' }).click();
    await expect(form.getByText('This is not a postal code of United Kingdom')).toBeVisible();
    await expectAccessible(page, 'cart with the address form', '#main');

    await form.getByLabel('Postal code').fill(TEST_ADDRESS.postal_code);
    await form.getByRole('button', { name: 'Use this address' }).click();
    const chosen = page.getByRole('group', { name: 'Delivery address' });
    await expect(chosen.getByRole('radio', { name: /10 Downing Street/ })).toBeChecked();

    // Standard is free in a fresh shop; Express costs $9.99, in the summary and the total.
    await expect(page.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
    await page.getByRole('radio', { name: /Express Delivery/ }).check();
    const total = cents(book.price) + 999;
    await expect(page.getByTestId('cart-shipping')).toHaveText('$9.99');
    await expect(page.getByTestId('cart-total')).toHaveText(dollars(total));
    await expectAccessibleInBothThemes(page, 'cart with delivery', '#main');

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByTestId('payment-popup-amount')).toHaveText(dollars(total));
    await enterCard(page, SUCCESS_CARD, (total / 100).toFixed(2));

    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible(READY);
    const delivery = page.getByTestId('order-delivery');
    await expect(delivery).toContainText('Express Delivery');
    await expect(delivery).toContainText('10 Downing Street');
    await expect(delivery).toContainText('United Kingdom');
    await expect(page.getByTestId('order-shipping')).toHaveText('$9.99');
    await expect(page.getByTestId('order-total')).toHaveText(dollars(total));
    const orderId = page.url().split('/').pop();
    const timeline = page.getByRole('list', { name: `History of order ${orderId}` });
    await expect(timeline).toContainText('Order placed');
    await expect(timeline).toContainText('Payment received');
    await expectAccessible(page, 'order with delivery');

    // The address was kept: the next checkout picks it.
    await addToCart(page, book);
    await page.goto('/cart');
    await expect(page.getByRole('radio', { name: /10 Downing Street/ })).toBeChecked(READY);
  });

  test('delivery methods or addresses that fail to load say so, and checkout waits for them', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const book = await ownBook(request);
    await signInFromLoginPage(page, account);
    await addToCart(page, book);
    await stubJson(page, '**/api/shipping-methods/', serverError, 500);
    await stubJson(page, '**/api/addresses/', serverError, 500);
    await page.goto('/cart');
    await expect(page.getByText('Failed to load delivery methods')).toBeVisible(READY);
    await expect(page.getByText('Failed to load addresses')).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(toasts(page).filter({ hasText: 'Please choose a delivery address' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  });
});

test.describe('address book', () => {
  test('add, edit, make default and delete on the profile; empty and failing states', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInFromLoginPage(page, account);
    await page.goto('/profile');
    const book = page.getByRole('region', { name: 'Addresses' });
    await expect(book.getByText('No saved addresses yet.')).toBeVisible(READY);

    await book.getByRole('button', { name: 'Add address' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add address' });
    await fillAddressForm(dialog);
    await expect(dialog.getByLabel('Use as my default address')).toBeChecked();
    await expectAccessible(page, 'add address dialog');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    const first = book.getByRole('listitem', { name: /10 Downing Street/ });
    await expect(first).toContainText('Default');

    await book.getByRole('button', { name: 'Add address' }).click();
    dialog = page.getByRole('dialog', { name: 'Add address' });
    await fillAddressForm(dialog, { ...TEST_ADDRESS, line1: '221B Baker Street', postal_code: 'NW1 6XE' });
    await dialog.getByRole('button', { name: 'Save address' }).click();
    const second = book.getByRole('listitem', { name: /221B Baker Street/ });
    await expect(second).toBeVisible();
    await expect(second.getByText('Default', { exact: true })).toHaveCount(0);

    await second.getByRole('button', { name: 'Make default' }).click();
    await expect(second.getByText('Default', { exact: true })).toBeVisible();
    await expect(first.getByText('Default', { exact: true })).toHaveCount(0);

    await second.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit address' });
    await dialog.getByLabel('City').fill('Londinium');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(second).toContainText('Londinium');
    await expectAccessibleInBothThemes(page, 'address book', '#main');

    await first.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this address?' })
      .getByRole('button', { name: 'Delete address' })
      .click();
    await expect(book.getByRole('listitem')).toHaveCount(1);

    await stubJson(page, '**/api/addresses/', serverError, 500);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Addresses' }).getByText('Failed to load addresses')).toBeVisible(
      READY,
    );
  });
});

test.describe('shipping and following the parcel', () => {
  test('staff ship with a carrier and tracking number; the shopper sees the tracking link', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const book = await ownBook(request);
    const { order, pay } = await orderThroughApi(request, await accessToken(request, account), book, {
      delivery: true,
    });
    await pay();

    await signInAsStaff(page);
    await page.goto('/admin/orders?fulfilment=unfulfilled&payment=success');
    await page.getByRole('link', { name: `Order #${order.id}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible(READY);
    await expect(page.getByTestId('order-delivery')).toContainText('10 Downing Street');
    await expectAccessibleInBothThemes(page, 'staff order page, to ship', '#main');

    // On paper, only the packing slip: where it goes and what to pack, without prices.
    await expect(page.getByRole('button', { name: 'Print packing slip' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    const slip = page.locator('#packing-slip');
    await expect(slip).toBeVisible();
    await expect(slip).toContainText(`Order #${order.id}`);
    await expect(slip).toContainText('10 Downing Street');
    await expect(slip).toContainText(book.title);
    await expect(slip).not.toContainText('$');
    await expect(page.getByRole('button', { name: 'Print packing slip' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(slip).toBeHidden();

    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ship this order' });
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog.getByText('Enter the carrier')).toBeVisible();
    await dialog.getByLabel('Carrier').fill('UPS');
    await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await expectAccessible(page, 'ship dialog');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(toasts(page).filter({ hasText: 'Order marked as shipped' })).toBeVisible();
    await expect(page.getByTestId('fulfilment-status')).toHaveText('Shipped');
    await expect(page.getByRole('list', { name: `History of order ${order.id}` })).toContainText('Shipped by staff');
    // Shipped: no second shipment, and the shopper can no longer cancel (staff still can).
    await expect(page.getByRole('button', { name: 'Ship', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();

    await switchTo(page, account);
    await page.goto('/orders');
    const card = page.getByRole('article', { name: `Order #${order.id}` });
    await expect(card.getByTestId('fulfilment-status')).toHaveText('Shipped', READY);
    const link = card.getByRole('link', { name: /1Z999AA10123456784/ });
    await expect(link).toHaveAttribute('href', /ups\.com.*1Z999AA10123456784/);
    await expect(card.getByRole('button', { name: /Cancel order/ })).toHaveCount(0);
    await expectAccessible(page, 'order history with tracking');

    await page.goto(`/payment-success/${order.id}`);
    await expect(page.getByTestId('tracking')).toContainText('UPS', READY);
    await expect(page.getByRole('list', { name: `History of order ${order.id}` })).toContainText('Shipped by the shop');
  });
});

test.describe('cancelling', () => {
  test('a shopper cancels an unpaid order and a paid one: copies back on sale, the paid one refunded', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const token = await accessToken(request, account);
    const book = await ownBook(request);
    const unpaid = await orderThroughApi(request, token, book, { delivery: true });
    const paid = await orderThroughApi(request, token, book, { delivery: true });
    await paid.pay();
    expect(await stockOf(request, book.id)).toBe(2);

    await signInFromLoginPage(page, account);
    await page.goto('/orders');
    const unpaidCard = page.getByRole('article', { name: `Order #${unpaid.order.id}` });
    await unpaidCard.getByRole('button', { name: `Cancel order #${unpaid.order.id}` }).click();
    let dialog = page.getByRole('dialog', { name: `Cancel order #${unpaid.order.id}?` });
    await expect(dialog).toContainText('Nothing has been charged.');
    await expectAccessible(page, 'cancel dialog');
    // Keeping it changes nothing.
    await dialog.getByRole('button', { name: 'Keep my order' }).click();
    await expect(dialog).toBeHidden();
    await unpaidCard.getByRole('button', { name: `Cancel order #${unpaid.order.id}` }).click();
    await dialog.getByRole('button', { name: 'Cancel order', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'Order cancelled' })).toBeVisible();
    await expect(unpaidCard.getByTestId('fulfilment-status')).toHaveText('Cancelled');
    await expect(unpaidCard.getByRole('button', { name: /Cancel order/ })).toHaveCount(0);
    await expect.poll(() => stockOf(request, book.id)).toBe(3);

    await page.goto(`/payment-success/${paid.order.id}`);
    await page.getByRole('button', { name: `Cancel order #${paid.order.id}` }).click();
    dialog = page.getByRole('dialog', { name: `Cancel order #${paid.order.id}?` });
    await expect(dialog).toContainText(`the $${paid.order.total_price} you paid is refunded in full`);
    await dialog.getByRole('button', { name: 'Cancel order', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Order Cancelled' })).toBeVisible(READY);
    await expect(page.getByTestId('order-refunded')).toHaveText(`$${paid.order.total_price}`);
    await expect(page.getByRole('list', { name: `History of order ${paid.order.id}` })).toContainText(
      'Cancelled by you',
    );
    await expect.poll(() => stockOf(request, book.id)).toBe(4);
    await expectAccessible(page, 'cancelled order');

    await page.goto('/orders');
    const paidCard = page.getByRole('article', { name: `Order #${paid.order.id}` });
    await expect(paidCard.getByTestId('order-refunded')).toHaveText(`$${paid.order.total_price}`, READY);
    await expect(paidCard.getByTestId('order-badges')).toHaveText('CancelledRefunded');
  });

  test('a refused cancellation is shown in the shop’s words', async ({ page, request }) => {
    const account = await createAccount(request);
    const { order } = await orderThroughApi(request, await accessToken(request, account), await ownBook(request), {
      delivery: true,
    });
    await signInFromLoginPage(page, account);
    await stubJson(page, `**/api/orders/${order.id}/cancel/`, { error: 'This order has already shipped' }, 409);
    await page.goto('/orders');
    await page.getByRole('button', { name: `Cancel order #${order.id}` }).click();
    await page
      .getByRole('dialog', { name: `Cancel order #${order.id}?` })
      .getByRole('button', { name: 'Cancel order', exact: true })
      .click();
    await expect(toasts(page).filter({ hasText: 'This order has already shipped' })).toBeVisible();
  });
});

test.describe('delivery and return', () => {
  test('staff mark a shipped order delivered, then take it back with part of the money', async ({ page, request }) => {
    const account = await createAccount(request);
    const token = await accessToken(request, account);
    const book = await ownBook(request);
    const { order, pay } = await orderThroughApi(request, token, book, { delivery: true });
    await pay();
    const staffToken = await accessToken(request, staffAccount);
    const shipped = await request.post(`/api/admin/orders/${order.id}/ship/`, {
      headers: { authorization: `Bearer ${staffToken}` },
      data: { carrier: 'Parcel Wagon', tracking_number: 'PW-1' },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);
    expect(await stockOf(request, book.id)).toBe(3);

    await signInAsStaff(page);
    await page.goto(`/admin/orders/${order.id}`);
    // A carrier without a known page: the number, no link.
    await expect(page.getByTestId('tracking')).toHaveText('Parcel Wagon PW-1', READY);
    await expect(page.getByTestId('tracking').getByRole('link')).toHaveCount(0);
    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await page
      .getByRole('dialog', { name: `Mark order #${order.id} as delivered?` })
      .getByRole('button', { name: 'Mark delivered' })
      .click();
    await expect(page.getByTestId('fulfilment-status')).toHaveText('Delivered');
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Return', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Return order #${order.id}` });
    await dialog.getByLabel('Amount to refund').fill('5.00');
    await dialog.getByRole('button', { name: 'Record return' }).click();
    await expect(toasts(page).filter({ hasText: 'Return recorded' })).toBeVisible();
    await expect(page.getByTestId('fulfilment-status')).toHaveText('Returned');
    await expect(page.getByTestId('order-refunded')).toHaveText('$5.00');
    await expect.poll(() => stockOf(request, book.id)).toBe(4);
  });
});

test.describe('refunds', () => {
  test('staff refund part of a paid order, then the rest', async ({ page, request }) => {
    const account = await createAccount(request);
    const book = await ownBook(request);
    const { order, pay } = await orderThroughApi(request, await accessToken(request, account), book, {
      delivery: true,
    });
    await pay();
    const total = cents(order.total_price);

    await signInAsStaff(page);
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.getByText('Nothing refunded.')).toBeVisible(READY);
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: `Refund order #${order.id}` });
    const amount = dialog.getByLabel('Amount to refund');
    await expect(amount).toHaveValue((total / 100).toFixed(2));
    await amount.fill(((total + 100) / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog.getByText(`At most ${(total / 100).toFixed(2)} can be refunded`)).toBeVisible();
    await amount.fill('4.00');
    await expectAccessible(page, 'refund dialog');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'Refund recorded' })).toBeVisible();
    await expect(page.getByTestId('order-refunded')).toHaveText('$4.00');
    await expect(page.getByRole('region', { name: 'Refunds, oldest first' })).toContainText('$4.00');

    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    dialog = page.getByRole('dialog', { name: `Refund order #${order.id}` });
    await expect(dialog.getByLabel('Amount to refund')).toHaveValue(((total - 400) / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByTestId('order-refunded')).toHaveText(dollars(total), READY);
    await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
    await expect(page.getByRole('list', { name: `History of order ${order.id}` })).toContainText(
      `Refunded by staff · $4.00`,
    );

    // The queue finds it among the refunded, and the shopper sees the amount.
    await page.goto(`/admin/orders?payment=refunded&q=%23${order.id}`);
    await expect(page.getByRole('link', { name: `Order #${order.id}` })).toBeVisible(READY);
    await switchTo(page, account);
    await page.goto('/orders');
    const card = page.getByRole('article', { name: `Order #${order.id}` });
    await expect(card.getByTestId('order-refunded')).toHaveText(dollars(total), READY);
    await expect(card.getByTestId('order-badges')).toHaveText('Refunded');
  });
});

test.describe("the staff's order queue", () => {
  test('filters, search, CSV export; no match and a failure say so', async ({ page, request }) => {
    const account = await createAccount(request);
    const { order } = await orderThroughApi(request, await accessToken(request, account), await ownBook(request), {
      delivery: true,
    });
    await signInAsStaff(page);
    await page.goto('/admin/orders');
    await page.getByLabel('Search orders by number, email or name').fill(account.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('link', { name: `Order #${order.id}` })).toBeVisible(READY);
    await page.getByLabel('Parcel', { exact: true }).selectOption('unfulfilled');
    await expect(page).toHaveURL(/fulfilment=unfulfilled/);
    await expect(page.getByRole('link', { name: `Order #${order.id}` })).toBeVisible(READY);
    await expectAccessibleInBothThemes(page, 'orders queue', '#main');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain(account.email);

    await page.getByLabel('Parcel', { exact: true }).selectOption('delivered');
    await expect(page.getByText('No orders found')).toBeVisible(READY);

    await stubJson(page, '**/api/admin/orders/?**', serverError, 500);
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('The server had a problem', READY);
  });

  test('the dashboard lists books low on stock, each opening its edit dialog; none and a failure say so', async ({
    page,
    request,
  }) => {
    // A book of its own with 2 copies: at or under the default threshold (3).
    const { title } = await ownBook(request, { stock_amount: '2' });
    await signInAsStaff(page);
    await page.goto('/admin');
    const list = page.getByRole('list', { name: 'Books low on stock' });
    await expect(list.getByRole('listitem').filter({ hasText: title })).toContainText('2', READY);
    await list.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('dialog')).toBeVisible(READY);
    await page.keyboard.press('Escape');

    await stubJson(page, '**/api/admin/low-stock/', { threshold: 3, data: [] });
    await page.reload();
    await expect(page.getByText('Every book has more copies than that.')).toBeVisible(READY);
    await stubJson(page, '**/api/admin/low-stock/', serverError, 500);
    await page.reload();
    await expect(page.getByText('Failed to load the low-stock list')).toBeVisible(READY);
  });
});

test.describe('delivery settings', () => {
  test('staff add a delivery method and edit it; the settings check their amounts; failures say so', async ({
    page,
  }) => {
    await signInAsStaff(page);
    await page.goto('/admin/delivery');
    const methods = page.getByRole('region', { name: 'Delivery methods' });
    await expect(methods.getByRole('cell', { name: 'Standard Delivery', exact: true })).toBeVisible(READY);

    // Not offered and last, so the shop's other journeys still see the same methods.
    const code = `pickup-${Math.random().toString(36).slice(2, 8)}`;
    await page.getByRole('button', { name: 'Add delivery method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add delivery method' });
    await dialog.getByLabel('Code').fill('Not A Code');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('The code must be lowercase letters, digits and dashes (at most 40)')).toBeVisible();
    await expect(dialog.getByText('Enter a name')).toBeVisible();
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByLabel('Name').fill(`Shop pickup ${code}`);
    await dialog.getByLabel('Delivery time').fill('Next day');
    await dialog.getByLabel('Price ($)').fill('1.50');
    await dialog.getByLabel('Place in the list').fill('999');
    await dialog.getByLabel('Offered at checkout').uncheck();
    await expectAccessible(page, 'delivery method dialog');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).filter({ hasText: 'Delivery method added' })).toBeVisible();
    const row = methods.getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText('$1.50');
    await expect(row).toContainText('No');

    await row.getByRole('button', { name: `Edit Shop pickup ${code}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Shop pickup ${code}` });
    await edit.getByLabel('Price ($)').fill('2.00');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(row).toContainText('$2.00');
    await expectAccessibleInBothThemes(page, 'delivery tab', '#main');

    // The shop's settings are a section of their own.
    await page.goto('/admin/settings');
    const settings = page.getByRole('form', { name: 'Shop settings' });
    await settings.getByLabel('Low stock at (copies or fewer)').fill('many');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Enter a whole number of copies')).toBeVisible();

    await stubJson(page, '**/api/admin/shipping-methods/', serverError, 500);
    await stubJson(page, '**/api/admin/settings/', serverError, 500);
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('The server had a problem', READY);
    await page.goto('/admin/delivery');
    await expect(page.getByRole('alert')).toContainText('The server had a problem', READY);
  });
});
