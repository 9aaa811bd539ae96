import { expect, test, type Page } from './fixtures';
import {
  accessToken,
  buyableBook,
  createAccount,
  expectAccessibleInBothThemes,
  isPhone,
  orderThroughApi,
  serverError,
  signInAsStaff,
  signInFromLoginPage,
  stubJson,
  textLines,
} from './support';

/**
 * Every screen can be reached from a link a person sees (Your Orders, Your Books, View Activity; for staff the
 * dashboard and Add book), and the layout holds on a phone: two covers a row, the book page's main button on one line,
 * the header lined up with the content.
 */

const READY = { timeout: 15_000 };
test.describe.configure({ timeout: 90_000 });

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

test.describe('links to every screen', () => {
  test('a shopper finds Your Orders in the account menu, on the profile and in the footer, and no staff links', async ({
    page,
    request,
  }) => {
    await signInFromLoginPage(page, await createAccount(request));
    await page.goto('/');
    await openAccountMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Add book' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Your Orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    // A new shopper's orders: the empty state.
    await expect(page.getByRole('heading', { name: 'No Orders Yet' })).toBeVisible(READY);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Your Orders' })).toHaveAttribute(
      'href',
      '/orders',
    );

    await page.goto('/profile');
    await page.getByRole('link', { name: 'Your Orders' }).first().click();
    await expect(page).toHaveURL(/\/orders$/);

    // The books a shopper sent in, waiting for staff or not: Your Books (a new shopper's: the empty state).
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Your Books' }).click();
    await expect(page).toHaveURL(/\/my-books$/);
    await expect(page.getByText('You have not added any books yet')).toBeVisible(READY);
  });

  test('staff find the dashboard and Add book in the account menu, and Add book on the dashboard', async ({ page }) => {
    await signInAsStaff(page);
    await page.goto('/');
    await openAccountMenu(page);
    // (The Add New Book page itself asks for a complete profile first, which the suite's staff account lacks.)
    await expect(page.getByRole('menuitem', { name: 'Add book' })).toHaveAttribute('href', '/add-book');
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible(READY);
    await expect(page.getByRole('link', { name: 'Add book' })).toHaveAttribute('href', '/add-book');
  });

  test('the dashboard offers Add book even when its figures cannot be loaded', async ({ page }) => {
    await signInAsStaff(page);
    await stubJson(page, '**/api/admin/summary/', serverError, 500);
    await page.goto('/admin');
    await expect(page.getByRole('alert')).toContainText('The server had a problem', READY);
    await expect(page.getByRole('link', { name: 'Add book' })).toHaveAttribute('href', '/add-book');
  });
});

test.describe('activity', () => {
  test('View Activity shows what the shopper did, newest first; the profile shows the last five', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signInFromLoginPage(page, account);
    await page.goto('/profile');
    await expect(page.getByText('No recent activity')).toBeVisible(READY);
    await page.getByRole('link', { name: 'View Activity' }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(page.getByRole('heading', { name: 'No activity yet' })).toBeVisible(READY);

    const token = await accessToken(request, account);
    const book = await buyableBook(request);
    const { order } = await orderThroughApi(request, token, book);
    const added = await request.post(`/api/wishlist/add/${book.id}/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(added.status()).toBe(201);
    await page.reload();
    const items = page.getByRole('list', { name: 'Your activity' }).getByRole('listitem');
    await expect(items).toHaveCount(2, READY);
    await expect(items.first()).toContainText(`You added ${book.title} to your wishlist`);
    await expect(items.nth(1)).toContainText(`You placed order #${order.id}`);
    await expect(items.nth(1).getByRole('link', { name: `order #${order.id}` })).toHaveAttribute(
      'href',
      `/payment-success/${order.id}`,
    );
    await expectAccessibleInBothThemes(page, 'activity', '#main');

    await page.goto('/profile');
    await expect(page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem')).toHaveCount(2, READY);
  });

  test('a failing activity list says so, on its page and on the profile', async ({ page, request }) => {
    await signInFromLoginPage(page, await createAccount(request));
    await stubJson(page, '**/api/profile/activity/**', serverError, 500);
    await page.goto('/activity');
    await expect(page.getByRole('alert')).toContainText('Your activity could not be loaded', READY);
    await page.goto('/profile');
    await expect(page.getByRole('alert')).toContainText('Your activity could not be loaded', READY);
  });
});

test.describe('layout', () => {
  test('books come at least two a row (four on a desktop), on every page of the list', async ({ page }, info) => {
    for (const path of ['/books', '/books?page=2']) {
      await page.goto(path);
      const cards = page.getByRole('article');
      await expect(cards.nth(3)).toBeVisible(READY);
      const tops = await cards.evaluateAll((elements) =>
        elements.map((e) => Math.round(e.getBoundingClientRect().top)),
      );
      const rows = [
        ...tops.reduce((count, top) => count.set(top, (count.get(top) ?? 0) + 1), new Map<number, number>()).values(),
      ];
      // Every row but the last is full.
      const full = rows.slice(0, -1);
      expect(full.length, `${path}: rows of cards`).toBeGreaterThan(0);
      for (const perRow of full) expect(perRow, `${path}: cards per row`).toBe(isPhone(info) ? 2 : 4);
    }
  });

  test("the book page's main button keeps its words on one line", async ({ page }) => {
    await page.goto('/book/Dracula');
    const button = page.getByRole('button', { name: 'Add to Cart (1)' });
    await expect(button).toBeVisible(READY);
    expect(await textLines(button)).toBe(1);
    // Two digits (capped at the stock) still fit.
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('12');
    const more = page.getByRole('button', { name: /^Add to Cart \(\d{2}\)$/ });
    await expect(more).toBeVisible();
    expect(await textLines(more)).toBe(1);
  });

  test('the header lines up with the content: logo with its left edge, last control with its right', async ({
    page,
  }) => {
    await page.goto('/books');
    await expect(page.getByRole('article').first()).toBeVisible(READY);
    const edges = await page.evaluate(() => {
      const bar = document.querySelector('header > div')!;
      const visible = (e: Element) => e.getBoundingClientRect().width > 0;
      const controls = [...bar.querySelectorAll('a, button, input')].filter(visible);
      const content = document.querySelector('main h1')!.closest('.mx-auto')!;
      const box = content.getBoundingClientRect();
      const style = getComputedStyle(content);
      return {
        logo: Math.round(controls[0]!.getBoundingClientRect().left),
        last: Math.round(controls.at(-1)!.getBoundingClientRect().right),
        left: Math.round(box.left + parseFloat(style.paddingLeft)),
        right: Math.round(box.right - parseFloat(style.paddingRight)),
      };
    });
    expect(edges.logo).toBe(edges.left);
    expect(edges.last).toBe(edges.right);
  });
});
