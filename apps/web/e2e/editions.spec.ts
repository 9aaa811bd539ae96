import type { BookDetail } from '@bookstore/contract';
import { expect, test } from './fixtures';
import { expectAccessible, toasts } from './support';

/**
 * A title sold several ways (docs/decisions/0022-editions.md): the demo's "Pride and Prejudice" has a
 * paperback, a hardcover, an eBook and one used copy. The shopper picks the used copy on the book page,
 * the page (and its address) says which, and the cart line names the edition.
 */
const TITLE = 'Pride and Prejudice';

test('choose a used copy: the page shows its condition, and the cart line its edition', async ({ page, request }) => {
  const book: BookDetail = await (await request.get(`/api/books/book/${encodeURIComponent(TITLE)}`)).json();
  const used = book.editions.find((e) => e.condition === 'Fairly Used')!;
  expect(used).toBeTruthy();

  await page.goto(`/book/${encodeURIComponent(TITLE)}`);
  const picker = page.getByRole('navigation', { name: 'Formats' });
  await expect(picker.getByRole('link')).toHaveCount(book.editions.length);
  // The default edition is chosen first, and a new copy shows no condition box.
  await expect(picker.locator('[aria-current="true"]')).toHaveCount(1);
  await expect(page.getByTestId('edition-condition')).toHaveCount(0);

  await picker.getByRole('link', { name: /Paperback, Fairly Used/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?edition=${used.id}$`));
  const condition = page.getByTestId('edition-condition');
  await expect(condition).toContainText('Condition: Fairly Used');
  await expect(condition).toContainText(used.condition_note);
  await expect(condition).toContainText('One of a kind: this is the only copy we have.');
  await expect(picker.getByRole('link', { name: /Paperback, Fairly Used/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText(`$${used.price}`).first()).toBeVisible();

  // The server's page of that address shows the same edition, before any script.
  const served = await (await request.get(`/book/${encodeURIComponent(TITLE)}?edition=${used.id}`)).text();
  expect(served).toContain(used.condition_note);

  await page.getByRole('button', { name: 'Add to Cart (1)' }).click();
  await page.goto('/cart');
  const line = page.getByTestId('cart-line-edition');
  await expect(line).toHaveText('Paperback, Fairly Used');
  await expect(page.getByText(`$${used.price} x 1`)).toBeVisible();
});

test('on a card, Add to Cart asks which format and puts that one in the cart', async ({ page, request }) => {
  const book: BookDetail = await (await request.get(`/api/books/book/${encodeURIComponent(TITLE)}`)).json();
  const hardcover = book.editions.find((e) => e.format === 'Hardcover')!;
  expect(hardcover.in_stock).toBe(true);

  await page.goto(`/search?q=${encodeURIComponent(TITLE)}`);
  const card = page.getByRole('article', { name: TITLE });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a format' });
  // Every edition, as the book page's picker lists it, each with its price.
  await expect(dialog.getByRole('button', { name: /\$\d/ })).toHaveCount(book.editions.length);
  await expectAccessible(page, 'choose a format', '[role="dialog"]');
  await dialog.getByRole('button', { name: /^Hardcover/ }).click();
  await expect(toasts(page).filter({ hasText: `Added ${TITLE} (Hardcover) to cart` })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line-edition')).toHaveText('Hardcover');
  await expect(page.getByText(`$${hardcover.price} x 1`)).toBeVisible();
});
