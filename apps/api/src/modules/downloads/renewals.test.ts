import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, placeOrder, type TestUser } from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';

/**
 * Downloads that keep their limit (docs/product.md, "eBook downloads"; docs/decisions/0028): a shopper
 * may ask for a new link three times per eBook line; staff may give more from the staff order page.
 */
const ctx = useTestApp();
const app = () => ctx().app;

const LIMIT_MESSAGE = 'You have renewed this link 3 times. Please contact us for a new one.';

let staff: TestUser;
beforeAll(async () => {
  staff = await createUser(app(), { staff: true });
});

/** A shopper's paid order of one eBook (with its file): the order and its eBook line. */
async function paidEbook() {
  const shopper = await createUser(app());
  const book = await createBook(app(), { price: '5.00', stock: 10, bookType: 'eBook' });
  const placed = await placeOrder(app(), shopper, [{ book, quantity: 1 }]);
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().id as number;
  const { reference } = (await initialize(app(), shopper, orderId)).json();
  await charge(app(), shopper, reference);
  expect((await verify(app(), shopper, orderId, reference)).json().status).toBe('success');
  const [line] = (await list(shopper, orderId)).json();
  return { shopper, orderId, item: line.item as number };
}

const list = (user: TestUser, orderId: number) =>
  app().inject({ method: 'GET', url: `/api/orders/${orderId}/downloads/`, headers: user.headers });
const renew = (user: TestUser, orderId: number, item: number) =>
  app().inject({ method: 'POST', url: `/api/orders/${orderId}/downloads/${item}/renew`, headers: user.headers });
const staffRenew = (user: TestUser | null, orderId: number, item: number) =>
  app().inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/downloads/${item}/renew`,
    headers: user?.headers ?? {},
  });

describe('renewing a download link', () => {
  it('the shopper may ask three times; the fourth is a 409 in the shop words, and the last link keeps working', async () => {
    const { shopper, orderId, item } = await paidEbook();
    expect((await list(shopper, orderId)).json()[0]).toMatchObject({ renewals_left: 3 });
    let last = '';
    for (const left of [2, 1, 0]) {
      const renewed = await renew(shopper, orderId, item);
      expect(renewed.statusCode, renewed.body).toBe(200);
      expect(renewed.json()).toMatchObject({ state: 'ready', downloads_left: 5, renewals_left: left });
      last = renewed.json().url;
    }
    const refused = await renew(shopper, orderId, item);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(LIMIT_MESSAGE);
    expect((await app().inject({ method: 'GET', url: last })).statusCode).toBe(200);
    expect((await list(shopper, orderId)).json()[0]).toMatchObject({ url: last, renewals_left: 0 });
  });

  it('staff give a new link whenever asked, and the shopper has three renewals again after it', async () => {
    const { shopper, orderId, item } = await paidEbook();
    for (let i = 0; i < 3; i += 1) expect((await renew(shopper, orderId, item)).statusCode).toBe(200);
    expect((await renew(shopper, orderId, item)).statusCode).toBe(409);

    for (let i = 0; i < 5; i += 1) {
      const given = await staffRenew(staff, orderId, item);
      expect(given.statusCode, given.body).toBe(200);
      expect(given.json()).toMatchObject({ item, state: 'ready', downloads_left: 5, renewals_left: 3 });
    }
    const [line] = (await list(shopper, orderId)).json();
    expect(line).toMatchObject({ state: 'ready', renewals_left: 3 });
    expect((await app().inject({ method: 'GET', url: line.url })).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await renew(shopper, orderId, item)).statusCode).toBe(200);
    expect((await renew(shopper, orderId, item)).json().error).toBe(LIMIT_MESSAGE);
  });

  it("the staff renewal is staff's only: 401 signed out, 403 for the shopper, 404 for an unknown order or line, 409 once refunded", async () => {
    const { shopper, orderId, item } = await paidEbook();
    expect((await staffRenew(null, orderId, item)).statusCode).toBe(401);
    const own = await staffRenew(shopper, orderId, item);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('Only staff can do that');
    expect((await staffRenew(staff, 999_999, item)).statusCode).toBe(404);
    expect((await staffRenew(staff, orderId, 999_999)).statusCode).toBe(404);
    const refunded = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund/`,
      headers: staff.headers,
      payload: {},
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = await staffRenew(staff, orderId, item);
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toBe('This order was refunded or cancelled, so its eBooks can no longer be downloaded.');
  });
});
