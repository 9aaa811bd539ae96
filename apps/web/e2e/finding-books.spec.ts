import { expect, type Page, type TestInfo, test } from './fixtures';
import { isPhone, renderInBrowser, serverError, stubJson } from './support';

// Finding books: the filter panel of /books (URL state, chips, empty view), the /search page and the
// header search box as a keyboard-driven combobox.

const READY = { timeout: 15_000 };
const cards = (page: Page) => page.getByRole('article');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The filter panel: beside the list on a desktop, in a sheet opened by 'Filters' on a phone. */
async function filters(page: Page, info: TestInfo) {
  if (!isPhone(info)) return page.getByRole('complementary', { name: 'Filters' });
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  return page.getByRole('dialog', { name: 'Filters' });
}
async function closeFilters(page: Page, info: TestInfo) {
  if (isPhone(info)) await page.getByRole('button', { name: 'Close filters' }).click();
}

async function countOf(page: Page, query: string): Promise<number> {
  const res = await page.request.get(`/api/books/?${query}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).meta.count;
}
const booksCount = (n: number) => `(${n} ${n === 1 ? 'book' : 'books'})`;

test.describe('browsing /books with filters', () => {
  test('narrow by category and price, then reload and go back', async ({ page }, info) => {
    const romance = await countOf(page, 'category=romance');
    const cheapRomance = await countOf(page, 'category=romance&price_max=10');
    expect(cheapRomance).toBeGreaterThan(0);
    expect(cheapRomance).toBeLessThan(romance);

    await page.goto('/books');
    await expect(cards(page).first()).toBeVisible(READY);
    let panel = await filters(page, info);
    // The count beside a value says how many books choosing it gives.
    // (click, not check: the box follows the address, which changes once the navigation commits)
    await panel.getByRole('checkbox', { name: `Romance (${romance})` }).click();
    await expect(panel.getByRole('checkbox', { name: /^Romance/ })).toBeChecked();
    await expect(page).toHaveURL(/\/books\?.*category=romance/);
    await expect(heading(page)).toContainText(booksCount(romance), READY);

    await panel.getByLabel('Max price').fill('10');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/price_max=10/);
    await expect(heading(page)).toContainText(booksCount(cheapRomance), READY);
    await closeFilters(page, info);
    await expect(page.getByRole('button', { name: 'Remove filter: Up to $10.00' })).toBeVisible();
    for (const price of await page.getByRole('article').locator('text=/^\\$\\d+\\.\\d\\d$/').allTextContents()) {
      expect(Number(price.slice(1))).toBeLessThanOrEqual(10);
    }

    await page.reload();
    await expect(heading(page)).toContainText(booksCount(cheapRomance), READY);
    await expect(page.getByRole('button', { name: 'Remove filter: Romance' })).toBeVisible();
    panel = await filters(page, info);
    await expect(panel.getByRole('checkbox', { name: /^Romance/ })).toBeChecked();
    await expect(panel.getByLabel('Max price')).toHaveValue('10');
    await closeFilters(page, info);

    await page.goBack();
    await expect(page).not.toHaveURL(/price_max/);
    await expect(heading(page)).toContainText(booksCount(romance), READY);
    await page.goForward();
    await expect(heading(page)).toContainText(booksCount(cheapRomance), READY);
  });

  test('removing a chip drops that filter only', async ({ page }) => {
    const inStock = await countOf(page, 'in_stock=1');
    await page.goto('/books?category=romance&in_stock=1&ordering=price');
    await expect(page.getByRole('button', { name: 'Remove filter: In stock' })).toBeVisible(READY);
    await page.getByRole('button', { name: 'Remove filter: Romance' }).click();
    await expect(page).toHaveURL(/\/books\?ordering=price&in_stock=1$/);
    await expect(heading(page)).toContainText(booksCount(inStock), READY);
    await expect(page.getByRole('button', { name: 'Remove filter: Romance' })).toHaveCount(0);
    await expect(page.getByLabel('Sort by')).toHaveValue('price');
  });

  test('a view with no match says so and clears the filters', async ({ page }) => {
    await page.goto('/books?category=romance&price_max=0.01');
    await expect(page.getByText('No books match these filters.')).toBeVisible(READY);
    await expect(heading(page)).toContainText('(0 books)');
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(page).toHaveURL(/\/books$/);
    await expect(cards(page).first()).toBeVisible(READY);
  });

  test('an author page filters within the author', async ({ page }, info) => {
    await page.goto('/author/jane-austen');
    await expect(cards(page).first()).toBeVisible(READY);
    const panel = await filters(page, info);
    await expect(panel.getByRole('group', { name: 'Author' })).toHaveCount(0);
    await expect(panel.getByRole('group', { name: 'Category' })).toBeVisible();
    await closeFilters(page, info);
  });
});

test.describe('search', () => {
  test('a typo in the search box, then Enter, opens the results page', async ({ page }) => {
    await page.goto('/about');
    const box = page.getByRole('combobox', { name: 'Search books' });
    await box.click();
    await box.fill('prejudce');
    await expect(page.getByRole('option', { name: /Pride and Prejudice/ })).toBeVisible(READY);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=prejudce$/);
    await expect(page.getByText('Showing results for prejudice')).toBeVisible(READY);
    await expect(page.getByText('Search instead for prejudce')).toBeVisible();
    const card = cards(page).filter({ hasText: 'Pride and Prejudice' });
    await expect(card.locator('mark', { hasText: 'Prejudice' })).toBeVisible();

    await page.getByRole('link', { name: 'prejudce' }).click();
    await expect(page).toHaveURL(/exact=1/);
    await expect(page.getByText('Showing results for prejudice')).toBeHidden();
  });

  test('the results page sorts and filters like /books', async ({ page }) => {
    await page.goto('/search?q=the&ordering=price');
    await expect(cards(page).first()).toBeVisible(READY);
    const prices = (await page.getByRole('article').locator('text=/^\\$\\d+\\.\\d\\d$/').allTextContents()).map((p) =>
      Number(p.slice(1)),
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('the results page when the search fails', async ({ page }) => {
    // The server sends the results in the page: rendered in the browser, the page meets the stub.
    await renderInBrowser(page);
    await stubJson(page, '**/api/books/?*keyword=*', serverError, 500);
    await page.goto('/search?q=gatsby');
    await expect(page.getByRole('alert')).toContainText(serverError.error, READY);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('the combobox works from the keyboard alone', async ({ page }) => {
    await page.goto('/about');
    const box = page.getByRole('combobox', { name: 'Search books' });
    await box.focus();
    await page.keyboard.type('gatsby');
    const option = page.getByRole('option', { name: /The Great Gatsby/ });
    await expect(option).toBeVisible(READY);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    // Down opens the list again, and once more highlights the first book.
    await page.keyboard.press('ArrowDown');
    await expect(option).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'The Great Gatsby' })).toBeVisible(READY);

    await page.getByRole('combobox', { name: 'Search books' }).focus();
    await page.keyboard.type('emma');
    await expect(page.getByRole('option', { name: 'See all results' })).toBeVisible(READY);
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('option', { name: 'See all results' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=emma$/);
    await expect(cards(page).first()).toBeVisible(READY);
  });
});
