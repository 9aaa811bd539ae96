import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from './fixtures';
import sharp from 'sharp';
import { emptyPage, expectAccessibleInBothThemes, isPhone, serverError, stubJson, submitBook } from './support';

// A contributor adds a book with its cover; staff run the shop from /admin.

const STAFF = { email: 'admin@bookstore.test', password: 'staff-password-1' };
const READY = { timeout: 15_000 };
test.describe.configure({ timeout: 120_000 });

interface Account {
  email: string;
  username: string;
  password: string;
}

async function createAccount(request: APIRequestContext): Promise<Account> {
  const username = `e2e${randomBytes(4).toString('hex')}`;
  const account = { username, email: `${username}@example.test`, password: 'reading-all-night' };
  const res = await request.post('/api/register/', {
    multipart: {
      email: account.email,
      username,
      firstName: 'Ada',
      lastName: 'Writer',
      bio: '',
      password: account.password,
      password2: account.password,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

async function accessToken(request: APIRequestContext, identifier: string, password: string): Promise<string> {
  const res = await request.post('/api/login/', { data: { emailOrUsername: identifier, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access;
}

async function signIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/, READY);
}

const cover = () =>
  sharp({ create: { width: 300, height: 450, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** Staff approve a reader's book through the API: it is in the shop from then on. */
async function approveByApi(request: APIRequestContext, id: number) {
  const token = await accessToken(request, STAFF.email, STAFF.password);
  const res = await request.post(`/api/admin/books/${id}/approve/`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A book added through the API by a fresh contributor and approved by staff (for the staff journeys). */
async function addBookByApi(request: APIRequestContext, title: string) {
  const account = await createAccount(request);
  const book = await submitBook(request, await accessToken(request, account.username, account.password), title);
  await approveByApi(request, book.id);
  return book;
}

test.describe('Add New Book', () => {
  test('a contributor adds a book with a cover; it waits for staff, then is in /books and in search', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signIn(page, account.username, account.password);
    await page.goto('/add-book');
    await expect(page.getByRole('heading', { name: 'Add New Book' })).toBeVisible(READY);
    const main = page.getByRole('main');
    await expect(main.getByLabel('Book Type')).toHaveValue('Paperback');
    await expect(main.getByLabel('Condition')).toHaveValue('New');
    // A reader is told their book waits for review; Available and Featured are staff's to set.
    await expect(main.getByRole('note')).toContainText('checked by our staff before they appear in the shop');
    await expect(main.getByLabel('Available')).toHaveCount(0);
    await expect(main.getByLabel('Featured')).toHaveCount(0);
    await expectAccessibleInBothThemes(page, 'add book');

    // Nothing filled in: each rule speaks beside its field.
    await page.getByRole('button', { name: 'Add Book' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Cover image is required')).toBeVisible();

    const title = `The Quiet Lighthouse ${randomBytes(3).toString('hex')}`;
    await main.getByLabel('Title').fill(title);
    await main.getByLabel('Author').selectOption({ index: 2 });
    await main.getByLabel('Category').selectOption({ index: 1 });
    await main.getByLabel('Publisher').fill('Harbour Books');
    await main.getByLabel('ISBN').fill('978-0-14-143951-8');
    await main.getByLabel('Genre').fill('Mystery');
    await main.getByLabel('Original Price').fill('18.00');
    await main.getByLabel('Selling Price').fill('12.50');
    await main.getByLabel('Stock Amount').fill('6');
    await main.getByLabel('Tags (comma separated)').fill('sea, mystery, ');
    await main.getByLabel('Description').fill('A keeper finds a letter in the lamp room.');
    await main
      .getByLabel('Cover Image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await cover() });
    await expect(page.getByRole('img', { name: 'Preview of the new cover' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove image' }).click();
    await expect(page.getByRole('img', { name: 'Preview of the new cover' })).toHaveCount(0);
    await main
      .getByLabel('Cover Image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await cover() });

    // The server's word: a check digit that does not add up stays beside its field.
    await main.getByLabel('ISBN').fill('978-0-14-143951-9');
    await page.getByRole('button', { name: 'Add Book' }).click();
    await expect(page.getByText('Enter a valid ISBN-10 or ISBN-13 (the check digit does not match)')).toBeVisible();
    await main.getByLabel('ISBN').fill('978-0-14-143951-8');
    await page.getByRole('button', { name: 'Add Book' }).click();

    // Sent for review: the reader's own list shows it waiting; the shop does not show it yet.
    await expect(page).toHaveURL(/\/my-books$/, READY);
    await expect(page.getByText('Thanks! Your book was sent to our staff for review.')).toBeVisible();
    const mine = page.getByTestId('my-book').filter({ hasText: title });
    await expect(mine).toContainText('Waiting for review');
    expect((await request.get(`/api/books/book/${encodeURIComponent(title)}`)).status()).toBe(404);
    const { id } = (
      await (
        await request.get('/api/books/mine/', {
          headers: { authorization: `Bearer ${await accessToken(request, account.username, account.password)}` },
        })
      ).json()
    ).data[0];
    await approveByApi(request, id);

    await page.goto(`/book/${encodeURIComponent(title)}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible(READY);
    const img = page.getByRole('img', { name: `Cover of ${title}` });
    await expect(img).toHaveAttribute('srcset', /-240w\.jpg 240w, .*-300w\.jpg 300w/);
    await expect(page.locator('picture source[type="image/avif"]').first()).toHaveAttribute('srcset', /\.avif 300w/);

    await page.goto('/books');
    await expect(page.getByRole('heading', { name: title })).toBeVisible(READY);

    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search books' });
    await box.click();
    await box.fill('quiet lighthouse');
    await expect(
      page.getByRole('region', { name: 'Search results' }).getByRole('option', { name: new RegExp(title) }),
    ).toBeVisible(READY);
  });

  test('signed out goes to /login; staff without a name are never sent to complete a profile', async ({ page }) => {
    await page.goto('/add-book');
    await expect(page).toHaveURL(/\/login$/, READY);
    await expect(page.getByText('Please login first')).toBeVisible();

    // The first staff account was made without a name (ADMIN_EMAIL): the form opens all the same.
    await signIn(page, STAFF.email, STAFF.password);
    await page.goto('/add-book');
    await expect(page.getByRole('heading', { name: 'Add New Book' })).toBeVisible(READY);
    await expect(page).toHaveURL(/\/add-book$/);
    await expect(page.getByText('Complete your profile first')).toHaveCount(0);
  });
});

test.describe('Dashboard', () => {
  test('staff change price and stock, then delete a book after confirming', async ({ page, request }, info) => {
    const book = await addBookByApi(request, `Dashboard Book ${randomBytes(3).toString('hex')}`);
    await signIn(page, STAFF.email, STAFF.password);
    await page.goto(`/admin/books?q=${encodeURIComponent(book.title)}`);
    const row = page.getByRole('row', { name: new RegExp(book.title) });
    await expect(row).toBeVisible(READY);
    await expect(row).toContainText('$15.00');

    await row.getByRole('button', { name: `Edit ${book.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Book' });
    // On the phone the signed-in page is wider than the screen (the header), which throws taps in a
    // tall dialog off; the keyboard presses the same buttons.
    const press = (button: Locator) => (isPhone(info) ? button.press('Enter') : button.click());
    await dialog.getByLabel('Price').fill('0');
    await press(dialog.getByRole('button', { name: 'Save Changes' }));
    await expect(dialog.getByText('Price must be more than 0')).toBeVisible();
    await dialog.getByLabel('Price').fill('11.25');
    await dialog.getByLabel('Stock').fill('9');
    await press(dialog.getByRole('button', { name: 'Save Changes' }));
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('$11.25');
    await expect(row).toContainText('9');
    const saved = await (await request.get(`/api/books/book/${book.id}/`)).json();
    expect(saved).toMatchObject({ price: '11.25', stock_amount: 9 });

    await row.getByRole('button', { name: `Delete ${book.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this book?' });
    await press(confirm.getByRole('button', { name: 'Cancel' }));
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete ${book.title}` }).click();
    await press(confirm.getByRole('button', { name: 'Delete' }));
    await expect(page.getByText('Book deleted successfully')).toBeVisible();
    await expect(page.getByText(`No books match "${book.title}"`)).toBeVisible();
    expect((await request.get(`/api/books/book/${book.id}/`)).status()).toBe(404);
  });

  test('staff add an edition to a title, are told what is missing, and remove it again', async ({
    page,
    request,
  }, info) => {
    const book = await addBookByApi(request, `Editions Book ${randomBytes(3).toString('hex')}`);
    await signIn(page, STAFF.email, STAFF.password);
    await page.goto(`/admin/books?q=${encodeURIComponent(book.title)}`);
    const row = page.getByRole('row', { name: new RegExp(book.title) });
    await expect(row).toBeVisible(READY);
    await row.getByRole('button', { name: `Edit ${book.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Book' });
    const press = (button: Locator) => (isPhone(info) ? button.press('Enter') : button.click());
    const editions = dialog.getByRole('region', { name: 'Editions' });
    await expect(editions.getByRole('listitem')).toHaveCount(1);
    // The only edition cannot be removed.
    await expect(editions.getByRole('button', { name: /^Remove/ })).toBeDisabled();

    await press(editions.getByRole('button', { name: 'Add an edition' }));
    await editions.getByLabel('Format').selectOption('Hardcover');
    await editions.getByLabel('Price').fill('24.00');
    await press(editions.getByRole('button', { name: 'Add edition' }));
    await expect(editions.getByText('Stock amount is required')).toBeVisible();
    await editions.getByLabel('Stock').fill('4');
    await press(editions.getByRole('button', { name: 'Add edition' }));
    await expect(editions.getByRole('listitem')).toHaveCount(2);
    await expect(editions.getByRole('listitem').filter({ hasText: 'Hardcover: $24.00, 4 in stock' })).toBeVisible();
    const saved = await (await request.get(`/api/books/book/${book.id}/`)).json();
    expect(saved.editions).toEqual(
      expect.arrayContaining([expect.objectContaining({ format: 'Hardcover', price: '24.00', stock_amount: 4 })]),
    );

    await press(editions.getByRole('button', { name: 'Remove Hardcover' }));
    await expect(page.getByText('Edition removed', { exact: true })).toBeVisible();
    await expect(editions.getByRole('listitem')).toHaveCount(1);
    const after = await (await request.get(`/api/books/book/${book.id}/`)).json();
    expect(after.editions.map((e: { format: string }) => e.format)).not.toContain('Hardcover');
  });

  test('the figures are what the database holds; each tab is in the address and accessible', async ({
    page,
    request,
  }) => {
    await signIn(page, STAFF.email, STAFF.password);
    const token = await accessToken(request, STAFF.email, STAFF.password);
    await expect(async () => {
      const summaryReply = page.waitForResponse('**/api/admin/summary/');
      await page.goto('/admin');
      const summary = await (await summaryReply).json();
      const books = (await (await request.get('/api/books/?page_size=1')).json()).meta.count;
      const orders = (
        await (
          await request.get('/api/orders/?all=1&page_size=1', { headers: { authorization: `Bearer ${token}` } })
        ).json()
      ).meta.count;
      expect(summary.books).toBe(books);
      expect(summary.orders).toBe(orders);
      await expect(page.getByTestId('figure-books')).toHaveText(books.toLocaleString('en-US'));
      await expect(page.getByTestId('figure-orders')).toHaveText(orders.toLocaleString('en-US'));
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('sales-summary')).toContainText(/last 30 days/);
    // The chart is drawn with uPlot's own stylesheet (its layers stacked, not one under the other).
    await expect(page.locator('.uplot .u-over')).toHaveCSS('position', 'absolute');
    await expectAccessibleInBothThemes(page, 'dashboard overview');

    // Each section is a link of the sidebar (on a phone, in its drawer) to an address of its own.
    const section = async (name: string) => {
      let sidebar = page.getByRole('navigation', { name: 'Dashboard', exact: true });
      if (isPhone(test.info())) {
        await page.getByRole('button', { name: /^Dashboard menu/ }).click();
        sidebar = page.getByRole('dialog', { name: 'Dashboard' });
      }
      await sidebar.getByRole('link', { name, exact: true }).click();
    };
    await section('Books');
    await expect(page).toHaveURL(/\/admin\/books$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'dashboard books');

    await section('Orders');
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByLabel('Payment')).toBeVisible();
    await expectAccessibleInBothThemes(page, 'dashboard orders');

    await section('Customers');
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await expect(page.getByRole('row').nth(1)).toBeVisible(READY);
    await expectAccessibleInBothThemes(page, 'dashboard users');
  });

  test('staff grant and take away staff, never their own', async ({ page, request }) => {
    const account = await createAccount(request);
    await signIn(page, STAFF.email, STAFF.password);
    await page.goto(`/admin/customers?q=${account.username}`);
    const row = page.getByRole('row', { name: new RegExp(account.username) });
    await row.getByRole('button', { name: `Make ${account.username} staff` }).click();
    await expect(row.getByText('Staff', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Remove staff from ${account.username}` }).click();
    await expect(row.getByText('Customer')).toBeVisible();

    await page.goto('/admin/customers?q=admin%40bookstore.test');
    const me = page.getByRole('row', { name: /admin@bookstore\.test/ });
    await expect(me.getByText('You')).toBeVisible(READY);
    await expect(me.getByRole('button')).toHaveCount(0);
  });

  test('empty and failing tables say so', async ({ page }) => {
    await signIn(page, STAFF.email, STAFF.password);
    await stubJson(page, '**/api/admin/books/**', emptyPage);
    await stubJson(page, '**/api/admin/summary/', serverError, 500);
    await page.goto('/admin');
    await expect(page.getByRole('alert')).toContainText('The server had a problem', READY);
    await page.goto('/admin/books');
    await expect(page.getByText('No books available')).toBeVisible(READY);
  });

  test('a shopper who opens /admin lands on /', async ({ page, request }) => {
    const account = await createAccount(request);
    await signIn(page, account.username, account.password);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
  });
});

test('the cart says which line went away when its book was deleted', async ({ page, request }) => {
  const book = await addBookByApi(request, `Short-Lived Book ${randomBytes(3).toString('hex')}`);
  await page.goto(`/book/${encodeURIComponent(book.title)}`);
  await page.getByRole('button', { name: 'Add to Cart (1)' }).click();
  await expect(page.getByText('Added 1 book(s) to cart')).toBeVisible();

  const token = await accessToken(request, STAFF.email, STAFF.password);
  const res = await request.delete(`/api/books/${book.id}/`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);

  await page.goto('/cart');
  await expect(page.getByText(`"${book.title}" is no longer available and was removed from your cart.`)).toBeVisible(
    READY,
  );
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});
