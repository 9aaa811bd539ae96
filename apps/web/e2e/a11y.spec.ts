import { expect, test, type Page } from './fixtures';
import { expectAccessibleInBothThemes, isPhone } from './support';

// axe-core on every screen, in the light and then the dark theme: no serious or critical violations.
// The header and footer are the same on every page: they are checked on the home page and with the
// menus open; other screens check their own content. The phone run covers what differs on a phone
// (the home layout, the slide-in menu and the expanded search); the rest is the same markup.

const READY = { timeout: 15_000 };

// axe's contrast checks take seconds per page on a busy machine.
test.describe.configure({ timeout: 120_000 });

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(READY);
const articles = (page: Page) => expect(page.getByRole('article').first()).toBeVisible(READY);

const screens: [string, string, (page: Page) => Promise<void>][] = [
  ['all books', '/books', articles],
  // On a desktop the filter panel is open beside the list; the chips show the active filters.
  [
    'books with filters',
    '/books?category=romance&in_stock=1',
    (page) => expect(page.getByRole('button', { name: 'Clear all' })).toBeVisible(READY),
  ],
  ['search results', '/search?q=prejudce', articles],
  [
    'book detail',
    '/book/Dracula',
    (page) => expect(page.getByRole('heading', { name: 'Related Books' })).toBeVisible(READY),
  ],
  ['author', '/author/jane-austen', articles],
  ['category', '/category/romance', articles],
  ['contact', '/contact', heading],
  ['about', '/about', heading],
  ['blog', '/blog', heading],
  ['privacy', '/privacy', heading],
  ['terms', '/terms', heading],
  ['returns', '/returns', heading],
  ['social', '/discord', heading],
  ['not found', '/nowhere', heading],
  ['unknown author', '/author/nobody-at-all', heading],
  ['address that cannot be read', '/books/%E0%A4%A', heading],
  ['empty cart', '/cart', heading],
];

test('home, with header and footer: accessible in both themes', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'New arrivals' }).getByRole('listitem').first()).toBeVisible(READY);
  await articles(page);
  await expectAccessibleInBothThemes(page, 'home');
});

for (const [name, path, ready] of screens) {
  test(`${name}: accessible in both themes`, async ({ page }, info) => {
    test.skip(isPhone(info), 'same markup as on the desktop');
    await page.goto(path);
    await ready(page);
    await expectAccessibleInBothThemes(page, name, '#main');
  });
}

test('filled cart, search results and open menus: accessible in both themes', async ({ page }, info) => {
  await page.goto('/book/Dracula');
  await page.getByRole('button', { name: 'Add to Cart (1)' }).click();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: /Shopping Cart/ })).toBeVisible(READY);
  await expectAccessibleInBothThemes(page, 'filled cart', '#main');
  await page.getByRole('combobox', { name: 'Search books' }).fill('the');
  await expect(page.getByRole('region', { name: 'Search results' }).getByRole('option').first()).toBeVisible(READY);
  await expectAccessibleInBothThemes(page, 'search results', 'header');
  await page.keyboard.press('Escape');
  if (isPhone(info)) {
    await page.getByRole('button', { name: 'Close search' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Categories' }).click();
    await expect(page.getByRole('dialog').getByText('All Categories')).toBeVisible();
    await expectAccessibleInBothThemes(page, 'open menu', '[role="dialog"]');
  } else {
    await page.getByRole('button', { name: 'Categories' }).click();
    await expect(page.getByRole('region', { name: 'All Categories' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'open menu', 'header');
  }
});
