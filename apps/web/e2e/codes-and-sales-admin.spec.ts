import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from './fixtures';
import {
  addToCart,
  buyableBook,
  createAccount,
  expectAccessibleInBothThemes,
  signInAsStaff,
  signInFromLoginPage,
  STAFF,
  toasts,
} from './support';

/**
 * Staff manage codes and sales after creating them (docs/product.md, "Sales and promo codes"): pause
 * and resume, edit, end and delete, each destructive one asked first; and a paused code as the shopper
 * meets it in the cart.
 */
const READY = { timeout: 15_000 };
test.describe.configure({ timeout: 120_000 });

async function staffHeaders(request: APIRequestContext) {
  const res = await request.post('/api/login/', { data: { emailOrUsername: STAFF.email, password: STAFF.password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access as string}` };
}

async function newCode(request: APIRequestContext, data: Record<string, unknown>) {
  const made = await request.post('/api/admin/promo-codes/', { headers: await staffHeaders(request), data });
  expect(made.status(), await made.text()).toBe(201);
}

const cents = (money: string) => Math.round(Number(money) * 100);
const dollars = (amount: number) => `$${(amount / 100).toFixed(2)}`;

test('the owner pauses a code: the cart refuses it in the shop’s words; resumed, it works again', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const code = `PAUSE-${randomBytes(3).toString('hex').toUpperCase()}`;
  await newCode(request, { code, kind: 'percent', percent_off: 10 });

  await signInAsStaff(page);
  await page.goto('/admin/codes');
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row.getByTestId('code-status')).toHaveText('Active', READY);
  await row.getByRole('button', { name: `Pause ${code}` }).click();
  await expect(toasts(page).filter({ hasText: 'Code paused: the cart refuses it until you resume it' })).toBeVisible(
    READY,
  );
  await expect(row.getByTestId('code-status')).toHaveText('Paused');
  await expectAccessibleInBothThemes(page, 'dashboard codes with a paused code', '#main');

  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  await signInFromLoginPage(shopper, await createAccount(request));
  const book = await buyableBook(request);
  await addToCart(shopper, book);
  await shopper.goto('/cart');
  await shopper.getByLabel('Promo code').fill(code);
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await expect(shopper.getByRole('alert').filter({ hasText: 'This code is paused.' })).toBeVisible(READY);
  await expect(shopper.getByTestId('cart-discount')).toBeHidden();

  await row.getByRole('button', { name: `Resume ${code}` }).click();
  await expect(toasts(page).filter({ hasText: 'Code resumed' })).toBeVisible(READY);
  await expect(row.getByTestId('code-status')).toHaveText('Active');

  await shopper.getByRole('button', { name: 'Apply' }).click();
  const discount = Math.round(cents(book.price) / 10);
  await expect(shopper.getByTestId('cart-discount')).toHaveText(`−${dollars(discount)}`, READY);
  await expect(shopper.getByTestId('cart-promo')).toContainText(`Code ${code} applied`);
  await shopperContext.close();
});

test('staff edit a code, end it and delete one never used, each destructive step asked first', async ({
  page,
  request,
}) => {
  const code = `EDIT-${randomBytes(3).toString('hex').toUpperCase()}`;
  await newCode(request, { code, kind: 'percent', percent_off: 10 });
  await signInAsStaff(page);
  await page.goto('/admin/codes');
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('10% off', READY);

  // Edit: the contract's rule in its words before anything is sent, then the change.
  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit code ${code}` });
  await dialog.getByLabel('Percent').fill('150');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('The percentage off must be a whole number from 1 to 100')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'edit code dialog', '[role="dialog"]');
  await dialog.getByLabel('Percent').fill('15');
  await dialog.getByLabel('Uses in all (optional)').fill('40');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).filter({ hasText: 'Code saved' })).toBeVisible(READY);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('15% off');
  await expect(row.getByTestId('code-used')).toHaveText('0 of 40');

  // End: asked first; Cancel leaves it be.
  await row.getByRole('button', { name: `End ${code}` }).click();
  const ending = page.getByRole('dialog', { name: `End code ${code}?` });
  await expect(ending).toContainText('From now on the cart says the code has expired.');
  await expectAccessibleInBothThemes(page, 'end code dialog', '[role="dialog"]');
  await ending.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByTestId('code-status')).toHaveText('Active');
  await row.getByRole('button', { name: `End ${code}` }).click();
  await ending.getByRole('button', { name: 'End code' }).click();
  await expect(toasts(page).filter({ hasText: 'Code ended' })).toBeVisible(READY);
  await expect(row.getByTestId('code-status')).toHaveText('Ended');
  await expect(row.getByRole('button', { name: `Pause ${code}` })).toHaveCount(0);

  // A refusal from the server shows in its words (here: as if an order had used it meanwhile).
  const refusal =
    'This code has been used, so it stays with the orders that used it and cannot be deleted. End it instead.';
  await page.route('**/api/admin/promo-codes/*/', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: refusal }) })
      : route.fallback(),
  );
  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await page
    .getByRole('dialog', { name: `Delete code ${code}?` })
    .getByRole('button', { name: 'Delete code' })
    .click();
  await expect(toasts(page).filter({ hasText: refusal })).toBeVisible(READY);
  await expect(row).toBeVisible();
  await page.unroute('**/api/admin/promo-codes/*/');

  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await page
    .getByRole('dialog', { name: `Delete code ${code}?` })
    .getByRole('button', { name: 'Delete code' })
    .click();
  await expect(toasts(page).filter({ hasText: 'Code deleted' })).toBeVisible(READY);
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
});

test('staff edit, pause, resume and delete a scheduled sale, the delete asked first', async ({ page, request }) => {
  const name = `Later sale ${randomBytes(2).toString('hex')}`;
  // Tomorrow, for a day: nothing in the shop changes while the other journeys run.
  const day = 24 * 60 * 60 * 1000;
  const made = await request.post('/api/admin/sales/', {
    headers: await staffHeaders(request),
    data: {
      name,
      percent_off: 10,
      target: 'all',
      starts_at: new Date(Date.now() + day).toISOString(),
      ends_at: new Date(Date.now() + 2 * day).toISOString(),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  await signInAsStaff(page);
  await page.goto('/admin/sales');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByTestId('sale-status')).toHaveText('scheduled', READY);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit sale ${name}` });
  await dialog.getByLabel('Percent off').fill('95');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('The percentage off must be a whole number from 1 to 90')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'edit sale dialog', '[role="dialog"]');
  await dialog.getByLabel('Percent off').fill('30');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).filter({ hasText: 'Sale saved' })).toBeVisible(READY);
  await expect(row).toContainText('30%');

  await row.getByRole('button', { name: `Pause ${name}` }).click();
  await expect(row.getByTestId('sale-status')).toHaveText('scheduled, paused', READY);
  await row.getByRole('button', { name: `Resume ${name}` }).click();
  await expect(row.getByTestId('sale-status')).toHaveText('scheduled', READY);
  await expectAccessibleInBothThemes(page, 'dashboard sales', '#main');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const deleting = page.getByRole('dialog', { name: `Delete sale ${name}?` });
  await expect(deleting).toContainText('It has not started, so it has changed no price.');
  await deleting.getByRole('button', { name: 'Delete sale' }).click();
  await expect(toasts(page).filter({ hasText: 'Sale deleted' })).toBeVisible(READY);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
