import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import {
  createAccount,
  EDITION_ISBNS,
  expectAccessibleInBothThemes,
  keepPicture,
  paidOrderOfEditions,
  signInAsStaff,
  signInFromLoginPage,
} from './support';

/**
 * One order summary everywhere (docs/product.md, "What an order shows"): an order of a hardcover (two,
 * with the protection plan), a used paperback and an eBook, bought with a promo code and sent by
 * Express Delivery, read on the shopper's confirmation page and order history and on the staff's order
 * page, its packing slip and its per-line CSV, against the real server.
 */

const READY = { timeout: 15_000 };
test.describe.configure({ timeout: 150_000 });

const EDITIONS = [
  `Hardcover · ISBN ${EDITION_ISBNS.hardcover}`,
  `Paperback, Used · ISBN ${EDITION_ISBNS.used}`,
  `eBook · ISBN ${EDITION_ISBNS.ebook}`,
];

test("the shopper's confirmation and history name each edition and show the code's discount, the shipping and the total", async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const { order, code } = await paidOrderOfEditions(request, account);
  const { summary } = order;
  const discounts = summary.lines.map((line) => `Discount (${code})−$${line.discount}`);
  await signInFromLoginPage(page, account);

  await page.goto(`/payment-success/${order.id}`);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible(READY);
  await expect(page.getByTestId('payment-status')).toHaveText('Success');
  const lines = page.getByRole('list', { name: 'Purchased items' }).getByRole('listitem');
  await expect(lines).toHaveCount(3);
  await expect(lines.getByTestId('line-edition')).toHaveText(EDITIONS);
  await expect(lines.getByTestId('discount-line')).toHaveText(discounts);
  await expect(lines.first().getByTestId('protection-line')).toContainText('2-Year Protection · 2 x $2.99');
  await expect(page.getByTestId('order-books')).toHaveText(`$${summary.subtotal}`);
  await expect(page.getByTestId('order-protection')).toHaveText(`$${summary.protection}`);
  await expect(page.getByText(`Discount (${code})`, { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId('order-discount')).toHaveText(`−$${summary.discount}`);
  await expect(page.getByTestId('order-shipping')).toHaveText('$9.99');
  await expect(page.getByTestId('order-total')).toHaveText(`$${order.total_price}`);
  await expectAccessibleInBothThemes(page, 'confirmation of an order of editions with a code', '#main');
  await keepPicture(page, 'confirmation');

  await page.getByRole('link', { name: 'View All Orders' }).click();
  const card = page.getByRole('article', { name: `Order #${order.id}` });
  await expect(card.getByTestId('line-edition')).toHaveText(EDITIONS, READY);
  await expect(card.getByTestId('discount-line')).toHaveText(discounts);
  await expect(card.getByTestId('order-discount')).toHaveText(`−$${summary.discount}`);
  await expect(card.getByTestId('order-shipping')).toHaveText('$9.99');
  await expect(card.getByTestId('order-total')).toHaveText(`$${order.total_price}`);
  await expect(card.getByTestId('order-badges')).toHaveText('Paid');
  await expectAccessibleInBothThemes(page, 'order history with editions and a code', '#main');
});

test("the staff's packing slip lists only what goes in the parcel, each with its edition and ISBN; the lines' CSV has every line", async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const { order, title, staffToken } = await paidOrderOfEditions(request, account);
  await signInAsStaff(page);
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible(READY);
  const lines = page.getByRole('list', { name: 'Items of the order' }).getByRole('listitem');
  await expect(lines.getByTestId('line-edition')).toHaveText(EDITIONS);
  await expect(page.getByTestId('order-discount')).toHaveText(`−$${order.summary.discount}`);
  await expect(page.getByTestId('order-total')).toHaveText(`$${order.total_price}`);
  await expectAccessibleInBothThemes(page, 'staff order page of editions', '#main');
  await keepPicture(page, 'staff-order');

  // On paper, the slip: the hardcovers and the used copy; the eBook is not posted.
  await page.emulateMedia({ media: 'print' });
  const slip = page.locator('#packing-slip');
  await expect(slip).toBeVisible();
  const rows = slip.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('td')).toHaveText([
    '2',
    `${title} (with 2-Year Protection)`,
    'Hardcover',
    EDITION_ISBNS.hardcover,
    '☐',
  ]);
  await expect(rows.nth(1).locator('td')).toHaveText(['1', title, 'Paperback, Used', EDITION_ISBNS.used, '☐']);
  await expect(slip).not.toContainText('eBook');
  await expect(slip).not.toContainText(EDITION_ISBNS.ebook);
  await expect(slip).not.toContainText('$');
  await keepPicture(page, 'packing-slip');
  await page.emulateMedia({ media: 'screen' });

  // A refund of part of it: every status word says so.
  const refund = await request.post(`/api/admin/orders/${order.id}/refund/`, {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { amount: '5.00' },
  });
  expect(refund.status(), await refund.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('payment-status')).toHaveText('Partly refunded', READY);
  await expect(page.getByTestId('order-badges')).toHaveText('Partly refunded');
  await expect(page.getByTestId('order-refunded')).toHaveText('$5.00');

  await page.goto(`/admin/orders?q=%23${order.id}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Order #${order.id}` }) });
  await expect(row.getByTestId('order-payment')).toHaveText('Partly refunded$5.00 refunded', READY);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export lines CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toContain('"title","isbn","format","condition","quantity","unit_price"');
  expect(csv.slice(1).map((line) => line.split('","').slice(5, 13))).toEqual(
    order.summary.lines.map((line) => [
      line.isbn,
      line.format,
      line.condition,
      String(line.quantity),
      line.unit_price,
      line.protection,
      line.discount,
      line.amount,
    ]),
  );
});
