import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { linkIn, mailTo } from './mailbox';
import {
  accessToken,
  buyableBook,
  createAccount,
  emptyPage,
  expectAccessibleInBothThemes,
  isPhone,
  orderThroughApi,
  serverError,
  signInAsStaff,
  stubJson,
} from './support';

/**
 * What staff see from the dashboard: an order's own page (never the shopper's thank-you page), the
 * contact messages and the newsletter subscribers, each with its empty and failing states.
 */

const READY = { timeout: 15_000 };
test.describe.configure({ timeout: 120_000 });

test.describe('staff order page', () => {
  test('opens from the Orders tab with the customer, lines with protection, totals, payment and dates', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const book = await buyableBook(request);
    const { order, pay } = await orderThroughApi(request, await accessToken(request, account), book, {
      protection: true,
    });
    const reference = await pay();
    await signInAsStaff(page);
    await page.goto(`/admin/orders?q=%23${order.id}`);
    await page.getByRole('link', { name: `Order #${order.id}` }).click();

    await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible(READY);
    await expect(page.getByText('Thank you for your purchase')).toHaveCount(0);
    await expect(page.getByTestId('customer-name')).toHaveText('Olive Buyer');
    await expect(page.getByTestId('customer-email')).toHaveText(account.email);
    const line = page.getByRole('list', { name: 'Items of the order' }).getByRole('listitem');
    await expect(line).toContainText(book.title);
    await expect(line).toContainText(`1 x $${book.price}`);
    await expect(page.getByTestId('protection-line')).toContainText('2-Year Protection · 1 x $2.99');
    await expect(page.getByTestId('order-total')).toHaveText(`$${order.total_price}`);
    await expect(page.getByTestId('payment-status')).toHaveText('Success');
    await expect(page.getByTestId('payment-reference')).toHaveText(reference);
    await expect(page.getByRole('region', { name: 'Payment attempts, oldest first' })).toContainText(reference);
    await expectAccessibleInBothThemes(page, 'staff order page', '#main');

    await page.getByRole('link', { name: '← All orders' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
  });

  test('an unpaid order has no payment yet; an unknown order and a failing one say so', async ({ page, request }) => {
    const account = await createAccount(request);
    const { order } = await orderThroughApi(request, await accessToken(request, account), await buyableBook(request));
    await signInAsStaff(page);
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.getByText('The customer has not started a payment.')).toBeVisible(READY);
    await expect(page.getByTestId('payment-reference')).toHaveText('None yet');

    await page.goto('/admin/orders/999999999');
    await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible(READY);

    await stubJson(page, `**/api/admin/orders/${order.id}/`, serverError, 500);
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.getByRole('alert')).toContainText('The server had a problem', READY);
  });
});

test.describe('messages and subscribers', () => {
  test('staff read a message, find it, and mark it handled; no match and a failure say so', async ({
    page,
    request,
  }) => {
    const subject = `Question ${randomBytes(4).toString('hex')}`;
    const sent = await request.post('/api/contact', {
      data: { name: 'Ada Reader', email: 'ada.reader@example.test', subject, message: 'Do you ship to Lisbon?' },
    });
    expect(sent.status()).toBe(201);
    await signInAsStaff(page);
    await page.goto('/admin/messages');
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await page.getByLabel('Search messages by name, email or subject').fill(subject);
    await page.getByRole('button', { name: 'Search' }).click();
    const message = page.getByRole('article', { name: subject });
    await expect(message).toContainText('From Ada Reader <ada.reader@example.test>', READY);
    await expect(message).toContainText('Do you ship to Lisbon?');
    await expect(message.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
      'href',
      /^mailto:ada\.reader@example\.test\?subject=Re/,
    );
    await expectAccessibleInBothThemes(page, 'dashboard messages', '#main');

    await message.getByRole('button', { name: 'Mark as handled' }).click();
    await expect(message.getByText('Handled', { exact: true })).toBeVisible();
    await expect(message).toContainText('Handled by');
    await page.getByLabel('Show').selectOption('open');
    await expect(page.getByText('No messages match')).toBeVisible(READY);

    await stubJson(page, '**/api/admin/messages/**', emptyPage);
    await page.goto('/admin/messages');
    await expect(page.getByText('No messages yet')).toBeVisible(READY);
    await page.unroute('**/api/admin/messages/**');
    await stubJson(page, '**/api/admin/messages/**', serverError, 500);
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('The server had a problem', READY);
  });

  test('staff list subscribers and download them as CSV; none and a failure say so', async ({ page, request }) => {
    const email = `reader.${randomBytes(4).toString('hex')}@example.test`;
    expect((await request.post('/api/newsletter/', { data: { email } })).status()).toBe(200);
    // Double opt-in: the address counts once its owner opens the link mailed to it.
    await page.goto(linkIn(await mailTo(email, 'Confirm your subscription'), '/newsletter/confirm?token='));
    await expect(
      page.getByRole('status').filter({ hasText: 'Thank you, your subscription is confirmed.' }),
    ).toBeVisible();
    await signInAsStaff(page);
    await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
    const table = page.getByRole('region', { name: 'Newsletter subscribers, newest first' });
    await expect(table.getByRole('cell', { name: email })).toBeVisible(READY);
    await expect(page.getByText(`1 subscriber matching "${email}"`)).toBeVisible();
    await expectAccessibleInBothThemes(page, 'dashboard subscribers', '#main');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('email,subscribed_at');
    expect(csv).toContain(`${email},`);

    await stubJson(page, '**/api/admin/subscribers/**', emptyPage);
    await page.goto('/admin/subscribers');
    await expect(page.getByText('No subscribers yet')).toBeVisible(READY);
    await page.unroute('**/api/admin/subscribers/**');
    await stubJson(page, '**/api/admin/subscribers/**', serverError, 500);
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('The server had a problem', READY);
  });
});

test('a phone table shows that it scrolls sideways', async ({ page }, info) => {
  test.skip(!isPhone(info), 'a phone-width table');
  await signInAsStaff(page);
  await page.goto('/admin/books');
  const frame = page.getByRole('region', { name: /^Books, sorted by/ });
  await expect(frame).toBeVisible(READY);
  await expect(page.getByTestId('scroll-hint')).toHaveText(/Scroll sideways to see every column/);
  // The row's buttons start out of the frame; scrolled to its end, they are in it.
  const remove = frame.getByRole('button', { name: /^Delete / }).first();
  const inFrame = async () => {
    const [box, button] = await Promise.all([frame.boundingBox(), remove.boundingBox()]);
    return button!.x + button!.width <= box!.x + box!.width + 1;
  };
  expect(await inFrame()).toBe(false);
  await frame.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect.poll(inFrame).toBe(true);
});
