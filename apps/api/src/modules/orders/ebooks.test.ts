import type { BookDetail } from '@bookstore/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { editions } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { addressOf, createBook, createUser, type TestUser } from '../../test/factories.js';
import { multipart } from '../../test/uploads.js';
import { makeEpub } from '../downloads/index.js';

/**
 * eBooks are licences (docs/product.md, "eBook downloads"; docs/decisions/0023-ebook-delivery.md): one
 * copy a line, no protection plan, no part in the parcel's delivery, and not for sale before its file
 * is there. Checkout (POST /api/orders/) and the cart's quote say so in the same words.
 */
const ctx = useTestApp();
const app = () => ctx().app;

let shopper: TestUser;
let staff: TestUser;
beforeAll(async () => {
  shopper = await createUser(app());
  staff = await createUser(app(), { staff: true });
});

const ADDRESS = {
  name: 'Olive Buyer',
  line1: '10 Downing Street',
  city: 'London',
  postal_code: 'SW1A 2AA',
  country: 'GB',
};

async function ebookEdition(bookId: number): Promise<number> {
  const [edition] = await app()
    .db.select({ id: editions.id })
    .from(editions)
    .where(and(eq(editions.bookId, bookId), eq(editions.format, 'eBook')));
  return edition!.id;
}

interface Line {
  book: number;
  edition_id?: number;
  quantity: number;
  price: number;
  protection?: boolean;
}

function checkout(items: Line[], total: number, extra: Record<string, unknown> = {}, who = shopper) {
  return app().inject({
    method: 'POST',
    url: '/api/orders/',
    headers: who.headers,
    remoteAddress: addressOf(who),
    payload: { total_price: total, items, ...extra },
  });
}

function quote(items: Omit<Line, 'price'>[], extra: Record<string, unknown> = {}) {
  return app().inject({ method: 'POST', url: '/api/cart/quote/', payload: { items, ...extra } });
}

const detail = async (id: number): Promise<BookDetail> =>
  (await app().inject({ method: 'GET', url: `/api/books/book/${id}/` })).json();

describe('an eBook line', () => {
  it('holds one copy: more is refused at checkout and in the quote, whether the edition is named or not', async () => {
    const book = await createBook(app(), { price: '5.00', bookType: 'eBook', title: 'Dune Licence' });
    const edition = await ebookEdition(book.id);
    const message = '"Dune Licence (eBook)" is a download: one copy is all you need.';

    const named = await checkout([{ book: book.id, edition_id: edition, quantity: 2, price: 5 }], 10);
    expect(named.statusCode, named.body).toBe(422);
    expect(named.json()).toMatchObject({ error: message });
    const plain = await checkout([{ book: book.id, quantity: 3, price: 5 }], 15);
    expect(plain.statusCode).toBe(422);
    expect(plain.json().error).toBe(message);
    const quoted = await quote([{ book: book.id, edition_id: edition, quantity: 2 }]);
    expect(quoted.statusCode).toBe(422);
    expect(quoted.json().error).toBe(message);

    expect((await quote([{ book: book.id, edition_id: edition, quantity: 1 }])).json()).toMatchObject({
      lines: [{ quantity: 1, total: '5.00' }],
      total: '5.00',
    });
    const one = await checkout([{ book: book.id, edition_id: edition, quantity: 1, price: 5 }], 5);
    expect(one.statusCode, one.body).toBe(201);
  });

  it('has no protection plan: a client that asks for one on it is refused', async () => {
    const book = await createBook(app(), { price: '6.00', bookType: 'eBook', title: 'Unprotectable' });
    const edition = await ebookEdition(book.id);
    const message = 'The 2-Year Protection is for printed books: "Unprotectable (eBook)" is a download and needs none.';

    const placed = await checkout(
      [{ book: book.id, edition_id: edition, quantity: 1, price: 6, protection: true }],
      8.99,
    );
    expect(placed.statusCode, placed.body).toBe(422);
    expect(placed.json().error).toBe(message);
    const quoted = await quote([{ book: book.id, quantity: 1, protection: true }]);
    expect(quoted.statusCode).toBe(422);
    expect(quoted.json().error).toBe(message);
  });
});

describe('an eBook edition without its file', () => {
  it('is "coming soon" in the book JSON and cannot be bought, until staff upload the file', async () => {
    const book = await createBook(app(), {
      price: '4.00',
      bookType: 'eBook',
      title: 'Not Written Yet',
      ebookFile: false,
    });
    const paper = await createBook(app(), { price: '9.00', stock: 3 });
    const edition = await ebookEdition(book.id);
    expect((await detail(book.id)).editions).toEqual([expect.objectContaining({ id: edition, coming_soon: true })]);
    expect((await detail(paper.id)).editions).toEqual([expect.objectContaining({ coming_soon: false })]);
    const listed = (await app().inject({ url: '/api/books/?book_type=eBook&page_size=100' })).json().data;
    expect(listed.find((b: BookDetail) => b.id === book.id).editions[0].coming_soon).toBe(true);

    const message =
      '"Not Written Yet (eBook)" is coming soon: it cannot be downloaded yet. Please choose another format, or come back later.';
    const placed = await checkout([{ book: book.id, edition_id: edition, quantity: 1, price: 4 }], 4);
    expect(placed.statusCode, placed.body).toBe(422);
    expect(placed.json()).toMatchObject({ error: message });
    const plain = await checkout([{ book: book.id, quantity: 1, price: 4 }], 4);
    expect(plain.json().error).toBe(message);
    const quoted = await quote([{ book: book.id, edition_id: edition, quantity: 1 }]);
    expect(quoted.statusCode).toBe(422);
    expect(quoted.json().error).toBe(message);

    const { payload, headers } = await multipart(
      {},
      {
        file: {
          data: makeEpub({ title: book.title, author: 'A. Writer', description: 'Now written.' }),
          name: 'book.epub',
        },
      },
    );
    const uploaded = await app().inject({
      method: 'PUT',
      url: `/api/admin/editions/${edition}/ebook-file`,
      headers: { ...staff.headers, ...headers },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    // The book's answer is not kept from before the upload.
    expect((await detail(book.id)).editions[0]).toMatchObject({ id: edition, coming_soon: false });
    const bought = await checkout([{ book: book.id, edition_id: edition, quantity: 1, price: 4 }], 4);
    expect(bought.statusCode, bought.body).toBe(201);
  });
});

describe('delivery of an order with eBooks and paper books', () => {
  it('is priced on the parcel: an eBook counts toward no "free from" amount', async () => {
    const setFreeFrom = (amount: string) =>
      app().inject({
        method: 'PUT',
        url: '/api/admin/settings/',
        headers: staff.headers,
        payload: { free_standard_from: amount },
      });
    expect((await setFreeFrom('20.00')).statusCode).toBe(200);
    try {
      const paper = await createBook(app(), { price: '15.00', stock: 10 });
      const dearPaper = await createBook(app(), { price: '20.00', stock: 10 });
      const ebook = await createBook(app(), { price: '10.00', bookType: 'eBook' });
      const withEbook = [
        { book: paper.id, quantity: 1 },
        { book: ebook.id, quantity: 1 },
      ];
      // $25 of books, but the parcel holds $15: Standard Delivery is charged.
      const quoted = await quote(withEbook, { shipping_method: 'standard' });
      expect(quoted.statusCode, quoted.body).toBe(200);
      expect(quoted.json()).toMatchObject({ subtotal: '25.00', shipping: '4.99', total: '29.99' });
      const placed = await checkout(
        [
          { ...withEbook[0]!, price: 15 },
          { ...withEbook[1]!, price: 10 },
        ],
        29.99,
        { shipping_method: 'standard', shipping_address: ADDRESS },
      );
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json()).toMatchObject({ shipping_price: '4.99', total_price: '29.99' });
      // A parcel that reaches the amount on its own goes free, whatever eBooks come with it.
      expect(
        (
          await quote(
            [
              { book: dearPaper.id, quantity: 1 },
              { book: ebook.id, quantity: 1 },
            ],
            { shipping_method: 'standard' },
          )
        ).json(),
      ).toMatchObject({ shipping: '0.00', total: '30.00' });
      // eBooks alone: nothing to post.
      expect((await quote([{ book: ebook.id, quantity: 1 }])).json()).toMatchObject({
        shipping: '0.00',
        total: '10.00',
      });
    } finally {
      await setFreeFrom('0.00');
    }
  });
});
