import { expect, test } from './fixtures';
import { emptyPage, isPhone, renderInBrowser, serverError, stubJson, UNTOUCHED_BOOK } from './support';

// Empty and failing answers from the API, stubbed at the browser edge, for every screen. The server
// renders pages with the real catalogue: these pages are rendered by the browser alone, from the stubs.
test.beforeEach(({ page }) => renderInBrowser(page));

test.describe('empty states', () => {
  test('home with no books says "No more results"', async ({ page }) => {
    await stubJson(page, '**/api/featured/', []);
    await stubJson(page, '**/api/books/?*', emptyPage);
    await page.goto('/');
    await expect(page.getByText('No more results')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('all books with none says "No books available"', async ({ page }) => {
    await stubJson(page, '**/api/books/?*', emptyPage);
    await page.goto('/books');
    await expect(page.getByText('No books available')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('(0 books)');
  });

  test('an author without books', async ({ page }) => {
    await stubJson(page, '**/api/authors/jane-austen/books/*', emptyPage);
    await page.goto('/author/jane-austen');
    await expect(page.getByText('No books available from this author at the moment.')).toBeVisible();
  });

  test('a category without books', async ({ page }) => {
    await stubJson(page, '**/api/categories/romance/books/*', emptyPage);
    await page.goto('/category/romance');
    await expect(page.getByText('No books available in this category at the moment.')).toBeVisible();
  });

  test('a book without related books or reviews', async ({ page }) => {
    await stubJson(page, /\/api\/books\/\d+\/related\/$/, []);
    await page.goto(`/book/${UNTOUCHED_BOOK}`);
    await expect(page.getByRole('heading', { level: 1, name: UNTOUCHED_BOOK })).toBeVisible();
    await page.getByRole('tab', { name: /Reviews/ }).click();
    await expect(page.getByText('No reviews yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Related Books' })).toHaveCount(0);
  });

  test('header menus with no categories or authors still work', async ({ page }, info) => {
    await stubJson(page, '**/api/categories/', []);
    await stubJson(page, '**/api/authors/', []);
    await page.goto('/');
    if (isPhone(info)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Categories' }).click();
      await expect(page.getByRole('dialog').getByText('All Categories')).toBeVisible();
    } else {
      await page.getByRole('button', { name: 'Categories' }).click();
      await expect(page.getByRole('region', { name: 'All Categories' }).getByRole('link')).toHaveCount(0);
    }
  });
});

test.describe('error states', () => {
  test('home when the server fails', async ({ page }) => {
    await stubJson(page, '**/api/featured/', serverError, 500);
    await stubJson(page, '**/api/books/?*', serverError, 500);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Your Next Favorite Book' })).toBeVisible();
    await expect(page.getByText('No more results')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('alert').filter({ hasText: serverError.error })).toBeVisible();
  });

  test('all books when the server fails', async ({ page }) => {
    await stubJson(page, '**/api/books/?*', serverError, 500);
    await page.goto('/books');
    const alert = page.getByRole('alert').filter({ hasText: serverError.error });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(alert.getByRole('heading', { name: 'Error' })).toBeVisible();
    await page.unrouteAll();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('book detail when the server fails', async ({ page }) => {
    await stubJson(page, '**/api/books/book/*', serverError, 500);
    await page.goto(`/book/${UNTOUCHED_BOOK}`);
    await expect(page.getByRole('alert').filter({ hasText: serverError.error })).toBeVisible({ timeout: 15_000 });
  });

  test('author page when the server fails', async ({ page }) => {
    await stubJson(page, '**/api/authors/jane-austen/', serverError, 500);
    await page.goto('/author/jane-austen');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Error' })).toBeVisible({ timeout: 15_000 });
    await expect(alert).toContainText('Failed to load author information');
  });

  test("an unknown author is the shop's 404 page, not an error", async ({ page }) => {
    const response = await page.goto('/author/nobody-at-all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Failed to load author information')).toHaveCount(0);
  });

  test('category page when the server fails', async ({ page }) => {
    await stubJson(page, '**/api/categories/romance/', serverError, 500);
    await page.goto('/category/romance');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Error' })).toBeVisible({ timeout: 15_000 });
    await expect(alert).toContainText('Failed to load category information');
  });

  test('search when the server fails', async ({ page }) => {
    await stubJson(page, '**/api/books/?*keyword=*', serverError, 500);
    await page.goto('/about');
    await page.getByRole('combobox', { name: 'Search books' }).fill('gatsby');
    await expect(page.getByText('Failed to search books')).toBeVisible();
  });

  test('contact form when sending fails', async ({ page }) => {
    await stubJson(page, '**/api/contact', serverError, 500);
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Ada Reader');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('A question');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to send message. Please try again later.');
    await expect(page.getByLabel('Subject')).toHaveValue('A question');
  });

  test('newsletter when subscribing fails', async ({ page }) => {
    await stubJson(page, '**/api/newsletter/', serverError, 500);
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: /inbox/ }).fill('ada@example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('alert')).toHaveText('Could not subscribe right now. Please try again later.');
  });

  test('a broken cover falls back to the placeholder', async ({ page }) => {
    await page.route('**/media/covers/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`/book/${UNTOUCHED_BOOK}`);
    const cover = page.getByRole('img', { name: `Cover of ${UNTOUCHED_BOOK}` });
    await expect(cover).toHaveAttribute('src', '/book-placeholder.png');
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});
