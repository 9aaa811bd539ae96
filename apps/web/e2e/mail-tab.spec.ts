import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { createAccount, emptyPage, expectAccessible, serverError, signInAsStaff, stubJson } from './support';

/**
 * The dashboard's Mail tab against the real server: every e-mail the shop wrote (here the welcome of a
 * new account), opened as HTML and as text; a failed one shows "Send again"; none and a failure say so.
 */
const READY = { timeout: 15_000 };

test('staff read the mail the shop wrote, as HTML and as text', async ({ page, request }) => {
  // A contact message is mailed to the shop (the first staff address), Reply-To the sender.
  const subject = `Gift wrapping ${randomBytes(4).toString('hex')}`;
  const sent = await request.post('/api/contact/', {
    data: { name: 'Grace Reader', email: 'grace@example.test', subject, message: 'Do you gift-wrap books?' },
  });
  expect(sent.status()).toBe(201);
  await signInAsStaff(page);
  await page.goto(`/admin/mail?q=${encodeURIComponent(subject)}`);
  const table = page.getByRole('region', { name: 'E-mail written by the shop, newest first' });
  const row = table.getByRole('row').filter({ hasText: subject });
  await expect(row.getByText('Sent')).toBeVisible(READY);
  await expect(row.getByRole('cell', { name: 'admin@bookstore.test' })).toBeVisible();
  await expectAccessible(page, 'mail tab', '#main');

  await row.getByRole('button', { name: `Contact form: ${subject}` }).click();
  const dialog = page.getByRole('dialog', { name: `Contact form: ${subject}` });
  await expect(dialog.getByText('grace@example.test')).toBeVisible();
  const html = dialog.frameLocator('iframe[title="The message as HTML"]');
  await expect(html.getByText('Do you gift-wrap books?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Text' }).click();
  await expect(dialog.locator('pre')).toContainText('Do you gift-wrap books?');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a one-time link is hidden from staff: they cannot take over an account', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInAsStaff(page);
  await page.goto(`/admin/mail?q=${encodeURIComponent(account.email)}`);
  const row = page.getByRole('row').filter({ hasText: account.email });
  await expect(row.getByText('Sent')).toBeVisible(READY);
  await row.getByRole('button', { name: /^Welcome to Bookstore/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Send again mails fresh ones.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Text' }).click();
  await expect(dialog.locator('pre')).toContainText('Confirm my e-mail address [link hidden]');
  await expect(dialog.locator('pre')).not.toContainText('token=');
});

test('a failed message shows why and can be sent again; none and a failure say so', async ({ page }) => {
  await signInAsStaff(page);
  const failed = {
    id: 9001,
    template: 'order-confirmation',
    to: 'reader@example.test',
    reply_to: null,
    subject: 'Your Bookstore order #77 is confirmed',
    status: 'failed',
    attempts: 10,
    last_error: '451 Try again later',
    created_at: new Date().toISOString(),
    sent_at: null,
  };
  let sent = false;
  await page.route('**/api/admin/mail/9001/send/', (route) => {
    sent = true;
    return route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ ...failed, status: 'pending', html: '', text: '' }),
    });
  });
  await stubJson(page, /\/api\/admin\/mail\/\?/, {
    data: [failed],
    meta: { page: 1, pageSize: 10, count: 1, pages: 1, next: null },
  });
  await page.goto('/admin/mail?status=failed');
  const row = page.getByRole('row').filter({ hasText: 'reader@example.test' });
  await expect(row.getByText('Failed')).toBeVisible(READY);
  await row.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('The message will be sent again')).toBeVisible();
  expect(sent).toBe(true);

  await page.unrouteAll();
  await stubJson(page, /\/api\/admin\/mail\/\?/, emptyPage);
  await page.goto('/admin/mail');
  await expect(page.getByText('No mail yet')).toBeVisible(READY);
  await page.unrouteAll();
  await stubJson(page, /\/api\/admin\/mail\/\?/, serverError, 500);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('The server had a problem', READY);
});
