import { expect, test } from './fixtures';

test('the store opens', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Discover Your Next Favorite Book' })).toBeVisible();
});
