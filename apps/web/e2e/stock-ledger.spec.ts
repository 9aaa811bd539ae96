import { randomBytes } from 'node:crypto';
import type { Locator, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  type Account,
  accessToken,
  expectAccessibleInBothThemes,
  isPhone,
  serverError,
  signInAsStaff,
  STAFF,
  stubJson,
  submitBook,
  toasts,
} from './support';

/**
 * Staff keep a printed edition's copies from the Books section: the table shows each edition's copies,
 * Stock adds or removes copies with a reason, and the edition's ledger shows every change.
 */

const READY = { timeout: 15_000 };
test.describe.configure({ timeout: 120_000 });

const staffAccount: Account = { username: STAFF.email, email: STAFF.email, password: STAFF.password };

// On the phone the signed-in page is wider than the screen (the header), which throws taps in a tall
// dialog off; the keyboard presses the same buttons.
const press = (info: TestInfo, button: Locator) => (isPhone(info) ? button.press('Enter') : button.click());

test('staff receive copies with a note, see them in the ledger and the table, and cannot remove more than there are', async ({
  page,
  request,
}, info) => {
  const title = `Ledger Book ${randomBytes(3).toString('hex')}`;
  await submitBook(request, await accessToken(request, staffAccount), title, { stock_amount: '4' });
  await signInAsStaff(page);
  await page.goto(`/admin/books?q=${encodeURIComponent(title)}`);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByTestId('book-stock')).toHaveText('Paperback 4', READY);

  await press(info, row.getByRole('button', { name: `Stock of ${title}` }));
  const dialog = page.getByRole('dialog', { name: `Stock of ${title}` });
  await expect(dialog.getByTestId('stock-now')).toHaveText('4', READY);
  await expect(dialog.getByRole('row', { name: /Edition added/ })).toContainText('+4');

  await dialog.getByLabel('Copies').fill('5');
  await dialog.getByLabel('Reason').selectOption({ label: 'Received' });
  await dialog.getByLabel('Note (optional)').fill('Reprint from the publisher');
  await press(info, dialog.getByRole('button', { name: 'Save' }));
  await expect(toasts(page).filter({ hasText: 'Stock updated' })).toBeVisible(READY);
  await expect(dialog.getByTestId('stock-now')).toHaveText('9');
  const newest = dialog.getByRole('table', { name: 'Stock changes, newest first' }).getByRole('row').nth(1);
  await expect(newest).toContainText('Received');
  await expect(newest).toContainText('Reprint from the publisher');
  await expect(newest).toContainText('+5');
  await expect(newest).toContainText('9');
  await expectAccessibleInBothThemes(page, 'stock dialog', '[role="dialog"]');

  // The server refuses to go below none, in its own words, beside the number.
  await dialog.getByLabel('Copies').fill('-20');
  await dialog.getByLabel('Reason').selectOption({ label: 'Damaged' });
  await press(info, dialog.getByRole('button', { name: 'Save' }));
  const sentence = 'Only 9 copies are in stock, so you cannot remove more than 9.';
  await expect(dialog.getByText(sentence)).toBeVisible(READY);
  await expect(dialog.getByTestId('stock-now')).toHaveText('9');

  await press(info, dialog.getByRole('button', { name: 'Close' }));
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('book-stock')).toHaveText('Paperback 9');
});

test('the stock dialog says so when the ledger cannot be read', async ({ page, request }, info) => {
  const title = `Ledger Fail ${randomBytes(3).toString('hex')}`;
  await submitBook(request, await accessToken(request, staffAccount), title);
  await signInAsStaff(page);
  await stubJson(page, '**/api/admin/editions/*/stock/**', serverError, 500);
  await page.goto(`/admin/books?q=${encodeURIComponent(title)}`);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await press(info, row.getByRole('button', { name: `Stock of ${title}` }));
  const dialog = page.getByRole('dialog', { name: `Stock of ${title}` });
  await expect(dialog.getByRole('alert')).toContainText('The server had a problem', READY);
});
