import { expect, test, type Page } from './fixtures';
import {
  expectAccessibleInBothThemes,
  expectNoSideScroll,
  isPhone,
  serverError,
  signInAsStaff,
  stubJson,
} from './support';

// The dashboard's sections, each at its own address: its heading, no sideways scroll on a phone, the
// sidebar (a drawer on a phone), and axe in both themes at 1280 and 390 px.

const READY = { timeout: 15_000 };
// axe's contrast checks take seconds per page on a busy machine.
test.describe.configure({ timeout: 120_000 });

const SECTIONS: [string, string][] = [
  ['/admin', 'Overview'],
  ['/admin/orders', 'Orders'],
  ['/admin/books', 'Books'],
  ['/admin/authors', 'Authors & categories'],
  ['/admin/sales', 'Sales'],
  ['/admin/codes', 'Codes'],
  ['/admin/reviews', 'Reviews'],
  ['/admin/customers', 'Customers'],
  ['/admin/messages', 'Messages'],
  ['/admin/subscribers', 'Subscribers'],
  ['/admin/mail', 'Mail'],
  ['/admin/delivery', 'Delivery'],
  ['/admin/reports', 'Reports'],
  ['/admin/settings', 'Settings'],
];

/** The section has drawn what it loads (no spinner left). */
async function loaded(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, READY);
}

for (const [address, title] of SECTIONS) {
  test(`${title} has its own address, heading and sidebar, and is accessible`, async ({ page }, info) => {
    await signInAsStaff(page);
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible(READY);
    await expect(page).toHaveTitle(new RegExp(`^${title} · `));
    await loaded(page);

    if (isPhone(info)) {
      // The sections sit in a drawer behind a labelled button; the page never scrolls sideways.
      await expect(page.getByRole('navigation', { name: 'Dashboard', exact: true })).toBeHidden();
      const width = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(width[0], `${title}: page wider than the screen`).toBeLessThanOrEqual(width[1]!);
      await expectNoSideScroll(page, title);
    } else {
      const nav = page.getByRole('navigation', { name: 'Dashboard', exact: true });
      await expect(nav.getByRole('link', { name: new RegExp(`^${title}`) })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('button', { name: /^Dashboard menu/ })).toBeHidden();
    }
    await expectAccessibleInBothThemes(page, title);
  });
}

test('on a phone the sections open in a drawer that keeps focus, closes with Escape and goes where chosen', async ({
  page,
}, info) => {
  test.skip(!isPhone(info), 'the drawer is the phone’s');
  await signInAsStaff(page);
  await page.goto('/admin/orders?payment=success');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible(READY);
  const button = page.getByRole('button', { name: 'Dashboard menu: Orders' });
  await button.click();
  // (The dialog's own element has no size: its panel is fixed to the screen's edge.)
  const drawer = page.getByRole('dialog', { name: 'Dashboard' });
  await expect(drawer.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  // Focus stays inside the drawer.
  for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expectAccessibleInBothThemes(page, 'dashboard drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await drawer.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible(READY);
});

test('a section’s search and filters are in its address, and an old ?tab= link lands on its section', async ({
  page,
}) => {
  await signInAsStaff(page);
  await page.goto('/admin?tab=orders&payment=success');
  await expect(page).toHaveURL(/\/admin\/orders\?payment=success$/, READY);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible(READY);
  await expect(page.getByLabel('Payment')).toHaveValue('success');

  await page.getByLabel('Search orders by number, email or name').fill('nobody@example.test');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?payment=success&q=nobody%40example\.test$/);
  await expect(page.getByText('No orders found')).toBeVisible(READY);
  // The address is the view: opened again, it shows the same.
  await page.reload();
  await expect(page.getByLabel('Search orders by number, email or name')).toHaveValue('nobody@example.test');
  await expect(page.getByText('No orders found')).toBeVisible(READY);

  await page.goto('/admin?tab=users&q=admin%40bookstore.test');
  await expect(page).toHaveURL(/\/admin\/customers\?q=admin%40bookstore\.test$/, READY);
  await expect(page.getByRole('row', { name: /admin@bookstore\.test/ })).toBeVisible(READY);
});

test('a shopper who opens a section lands on /', async ({ page }) => {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/$/, READY);
});

test('Reports shows a range’s totals and series, by week too; a refused range and a failure say so', async ({
  page,
}) => {
  await signInAsStaff(page);
  await page.goto('/admin/reports?from=2026-01-01&to=2026-01-31&by=week');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible(READY);
  await expect(page.getByLabel('By', { exact: true })).toHaveValue('week');
  // January 2026 runs over five weeks from Monday (29 December to 26 January), empty ones included,
  // under the heading row.
  await expect(page.getByRole('table', { name: 'By week' }).getByRole('row')).toHaveCount(6, READY);
  await expect(page.getByTestId('report-orders')).toHaveText(/^\d+$/);

  await page.getByLabel('By', { exact: true }).selectOption('month');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?from=2026-01-01&to=2026-01-31&by=month$/);
  await expect(page.getByRole('table', { name: 'By month' }).getByRole('row')).toHaveCount(2, READY);

  await page.goto('/admin/reports?from=2026-02-01&to=2026-01-01');
  await expect(page.getByRole('alert')).toContainText('The start date must be on or before the end date', READY);

  await stubJson(page, '**/api/admin/reports/**', serverError, 500);
  await page.goto('/admin/reports');
  await expect(page.getByRole('alert')).toContainText('The server had a problem', READY);
});
