import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import {
  createAccount,
  expectAccessibleInBothThemes,
  renderInBrowser,
  serverError,
  signInAsStaff,
  signInFromLoginPage,
  stubJson,
  toasts,
} from './support';

/**
 * Staff keep the authors and categories from the dashboard's "Authors & categories" tab: add, edit and
 * delete, with the shop's messages, and what readers see change with them (the Add New Book form's
 * author select, the author's page).
 */

const READY = { timeout: 15_000 };
test.describe.configure({ timeout: 120_000 });

test('staff add an author (offered in the Add New Book form at once), edit and delete it', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const name = `Ottilie Quill ${randomBytes(3).toString('hex')}`;
  await signInAsStaff(page);
  await page.goto('/admin/authors');
  await expect(page.getByRole('heading', { level: 1, name: 'Authors & categories' })).toBeVisible(READY);
  const authors = page.getByRole('region', { name: 'Authors' });
  await expect(authors.getByRole('table')).toBeVisible(READY);

  // Adding: the form's own check, then the server's (a name already taken, in another case).
  await authors.getByRole('button', { name: 'Add author' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Author' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('jane austen');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('An author with this name already exists')).toBeVisible(READY);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Brief').fill('Writes about lighthouses.');
  await dialog.getByRole('checkbox', { name: /Featured/ }).check();
  await expectAccessibleInBothThemes(page, 'add author dialog', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).filter({ hasText: 'Author added successfully' })).toBeVisible(READY);
  await expect(dialog).toBeHidden();
  const row = authors.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Featured');
  await expectAccessibleInBothThemes(page, 'dashboard authors & categories', '#main');

  // A reader adding a book can pick the new author.
  const readerContext = await browser.newContext({ baseURL });
  const reader = await readerContext.newPage();
  await signInFromLoginPage(reader, await createAccount(request));
  await reader.goto('/add-book');
  await expect(reader.getByRole('heading', { name: 'Add New Book' })).toBeVisible(READY);
  await expect(reader.getByLabel('Author').locator('option', { hasText: name })).toHaveCount(1);
  await readerContext.close();

  // Its page is in the shop.
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(READY);
  await expect(page.getByText('Writes about lighthouses.')).toBeVisible();
  await page.goBack();

  // Editing: the dialog opens with its fields; a rename shows in the list.
  await authors.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Author' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await expect(edit.getByLabel('Brief')).toHaveValue('Writes about lighthouses.');
  await edit.getByLabel('Name').fill(`${name} Jr`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).filter({ hasText: 'Author updated successfully' })).toBeVisible(READY);
  await expect(authors.getByRole('link', { name: `${name} Jr` })).toBeVisible();

  // Deleting after confirming.
  await authors.getByRole('button', { name: `Delete ${name} Jr` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this author?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).filter({ hasText: 'Author deleted successfully' })).toBeVisible(READY);
  await expect(authors.getByRole('link', { name: `${name} Jr` })).toHaveCount(0);

  // An author with books stays, and staff hear why.
  await authors.getByRole('button', { name: 'Delete Jane Austen' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).filter({ hasText: /Jane Austen still has \d+ books?/ })).toBeVisible(READY);
  await expect(authors.getByRole('link', { name: 'Jane Austen' })).toBeVisible();
});

test('staff add a category from the keyboard and find it by searching', async ({ page }) => {
  const name = `Harbour Tales ${randomBytes(3).toString('hex')}`;
  await signInAsStaff(page);
  await page.goto('/admin/authors');
  const categories = page.getByRole('region', { name: 'Categories' });
  await categories.getByRole('button', { name: 'Add category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await expect(dialog.getByLabel('Name')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Stories told by the sea.');
  await dialog.getByLabel('Description').press('Tab');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: /Featured/ })).toBeChecked();
  await dialog.getByLabel('Name').press('Enter');
  await expect(toasts(page).filter({ hasText: 'Category added successfully' })).toBeVisible(READY);

  await page.getByRole('searchbox', { name: 'Search authors and categories by name' }).fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(categories.getByRole('row')).toHaveCount(2);
  await expect(categories.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Authors' }).getByText(`No authors match "${name}"`)).toBeVisible();

  await categories.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete this category?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).filter({ hasText: 'Category deleted successfully' })).toBeVisible(READY);
  await expect(categories.getByText(`No categories match "${name}"`)).toBeVisible();
});

test('no authors or categories, and a failing server, say so', async ({ page }) => {
  await renderInBrowser(page);
  await signInAsStaff(page);
  await stubJson(page, '**/api/authors/', []);
  await stubJson(page, '**/api/categories/', []);
  await page.goto('/admin/authors');
  await expect(page.getByRole('region', { name: 'Authors' }).getByText('No authors yet')).toBeVisible(READY);
  await expect(page.getByRole('region', { name: 'Categories' }).getByText('No categories yet')).toBeVisible();

  await page.unroute('**/api/authors/');
  await page.unroute('**/api/categories/');
  await stubJson(page, '**/api/authors/', serverError, 500);
  await page.reload();
  const authors = page.getByRole('region', { name: 'Authors' });
  const alert = authors.getByRole('alert').filter({ hasText: serverError.error });
  await expect(alert).toBeVisible(READY);
  await expect(page.getByRole('region', { name: 'Categories' }).getByRole('table')).toBeVisible();
  await page.unroute('**/api/authors/');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(authors.getByRole('link', { name: 'Jane Austen' })).toBeVisible(READY);
});
