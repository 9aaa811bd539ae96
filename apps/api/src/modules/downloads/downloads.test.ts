import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadGrants, editions, orderEvents, orderItems, orders } from '../../db/schema.js';
import { createTestApp, useTestApp, type App } from '../../test/app.js';
import { createBook, createUser, orderRow, placeOrder, type TestUser } from '../../test/factories.js';
import { linkIn, useMailbox } from '../../test/mailbox.js';
import { charge, initialize, verify } from '../../test/payments.js';
import { multipart, picture } from '../../test/uploads.js';
import { seedDemoEbooks } from '../../seed/demo-ebooks.js';
import { startEventDispatcher } from '../events/index.js';
import { ebookKind } from './files.js';
import { makeEpub } from './epub.js';
import { signLink } from './links.js';

/** eBook delivery end to end through the API (docs/product.md, "eBook downloads"; docs/decisions/0023). */
const mailbox = useMailbox();
const ctx = useTestApp(() => ({ mail: { smtpUrl: mailbox().url }, ebookMaxBytes: 64 * 1024 }));
const app = () => ctx().app;
beforeAll(async () => {
  await startEventDispatcher(app(), { pollMs: 50, backoffMs: () => 100, maxAttempts: 3 });
});

const EPUB = makeEpub({
  title: 'Test Book',
  author: 'A. Writer',
  description: 'A book for tests.',
  modified: new Date(0),
});
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** An eBook title with its eBook edition (an edition row as the books module writes it); with a file unless `ebookFile: false`. */
async function ebook(title = `eBook ${Math.random().toString(36).slice(2, 8)}`, ebookFile = true) {
  const book = await createBook(app(), { price: '5.00', stock: 100, bookType: 'eBook', title, ebookFile });
  return { book, edition: await ebookEditionOf(app(), book.id) };
}

/** The title's eBook edition: the one a new eBook title starts with, or one added beside it. */
async function ebookEditionOf(server: App, bookId: number): Promise<number> {
  const [first] = await server.db
    .select({ id: editions.id })
    .from(editions)
    .where(and(eq(editions.bookId, bookId), eq(editions.format, 'eBook')));
  if (first) return first.id;
  const [added] = await server.db
    .insert(editions)
    .values({ bookId, format: 'eBook', priceCents: 500, regularPriceCents: 500, stockAmount: null })
    .returning({ id: editions.id });
  return added!.id;
}

function upload(user: TestUser | null, editionId: number, data: Buffer, name: string) {
  return multipart({}, { file: { data, name } }).then(({ payload, headers }) =>
    app().inject({
      method: 'PUT',
      url: `/api/admin/editions/${editionId}/ebook-file`,
      headers: { ...(user?.headers ?? {}), ...headers },
      payload,
    }),
  );
}

/** A shopper buys the title and pays by the sandbox card. */
async function buy(shopper: TestUser, book: { id: number; price: string }, editionId: number) {
  const placed = await placeOrder(app(), shopper, [{ book, quantity: 1 }]);
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().id as number;
  // The title's default edition is its eBook edition: checkout names it on the line.
  const [line] = await app().db.select().from(orderItems).where(eq(orderItems.orderId, id));
  expect(line).toMatchObject({ editionId, format: 'eBook' });
  const { reference } = (await initialize(app(), shopper, id)).json();
  await charge(app(), shopper, reference);
  expect((await verify(app(), shopper, id, reference)).json().status).toBe('success');
  return id;
}

const list = (user: TestUser, orderId: number) =>
  app().inject({ method: 'GET', url: `/api/orders/${orderId}/downloads/`, headers: user.headers });
const renew = (user: TestUser, orderId: number, item: number) =>
  app().inject({ method: 'POST', url: `/api/orders/${orderId}/downloads/${item}/renew`, headers: user.headers });
const fetchFile = (url: string, headers: Record<string, string> = {}) => app().inject({ method: 'GET', url, headers });

let staff: TestUser;
let shopper: TestUser;
beforeAll(async () => {
  staff = await createUser(app(), { staff: true });
  shopper = await createUser(app());
});

/** A paid order of one eBook with an uploaded file: its order, its line and its download link. */
async function paidEbook(file = EPUB) {
  const { book, edition } = await ebook();
  expect((await upload(staff, edition, file, 'book.epub')).statusCode).toBe(200);
  const orderId = await buy(shopper, book, edition);
  const [line] = (await list(shopper, orderId)).json();
  return { book, edition, orderId, line, url: line.url as string };
}

describe('uploading an eBook file (staff)', () => {
  it('keeps an EPUB and a PDF, checked by their bytes, outside the public media folder', async () => {
    const { book, edition } = await ebook();
    const epub = await upload(staff, edition, EPUB, 'book.epub');
    expect(epub.statusCode, epub.body).toBe(200);
    expect(epub.json()).toMatchObject({ edition, format: 'eBook', file: { format: 'epub', size_bytes: EPUB.length } });
    const pdf = await upload(staff, edition, PDF, 'book.pdf');
    expect(pdf.json().file).toMatchObject({ format: 'pdf', size_bytes: PDF.length });
    // The EPUB it replaced is gone; the PDF is under DATA_DIR/files, never under media.
    expect(readdirSync(ctx().config.filesDir).filter((f) => !f.startsWith('.'))).toHaveLength(1);
    expect(
      existsSync(ctx().config.mediaDir) ? readdirSync(ctx().config.mediaDir, { recursive: true }) : [],
    ).not.toContain(readdirSync(ctx().config.filesDir)[0]);
    const listed = await app().inject({
      method: 'GET',
      url: `/api/admin/books/${book.id}/ebook-files/`,
      headers: staff.headers,
    });
    expect(listed.json()).toEqual([
      expect.objectContaining({ edition, file: expect.objectContaining({ format: 'pdf' }) }),
    ]);
  });

  it('refuses a picture renamed .epub, a ZIP without the mimetype entry, an empty form and a file over the cap', async () => {
    const { edition } = await ebook();
    const png = await upload(staff, edition, await picture('png'), 'book.epub');
    expect(png.statusCode).toBe(415);
    expect(png.json().error).toBe(
      'This file is not an EPUB or a PDF. Please upload the eBook as an .epub or .pdf file.',
    );
    const zip = Buffer.from(EPUB);
    zip.write('mimetypX', 30, 'latin1');
    expect((await upload(staff, edition, zip, 'book.epub')).statusCode).toBe(415);
    const big = Buffer.concat([PDF, Buffer.alloc(70 * 1024)]);
    const tooBig = await upload(staff, edition, big, 'book.pdf');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatch(/too large/);
    const empty = await app().inject({
      method: 'PUT',
      url: `/api/admin/editions/${edition}/ebook-file`,
      headers: staff.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(readdirSync(ctx().config.filesDir).filter((f) => f.startsWith('.upload-'))).toEqual([]);
  });

  it('is for staff only, and only for an eBook edition', async () => {
    const { edition } = await ebook();
    expect((await upload(null, edition, EPUB, 'book.epub')).statusCode).toBe(401);
    expect((await upload(shopper, edition, EPUB, 'book.epub')).statusCode).toBe(403);
    expect((await upload(staff, 999_999, EPUB, 'book.epub')).statusCode).toBe(404);
    const paper = await createBook(app(), { price: '9.00' });
    const [paperEdition] = await app()
      .db.insert(editions)
      .values({ bookId: paper.id, format: 'Paperback', priceCents: 900, regularPriceCents: 900, stockAmount: 3 })
      .returning({ id: editions.id });
    expect((await upload(staff, paperEdition!.id, EPUB, 'book.epub')).statusCode).toBe(409);
  });
});

describe('after payment', () => {
  it('the order is delivered at once, its history says so, and the e-mail carries the link', async () => {
    const { orderId, line, url } = await paidEbook();
    expect(line).toMatchObject({ state: 'ready', downloads_used: 0, downloads_left: 5, file_format: 'epub' });
    expect(url).toMatch(/^\/api\/downloads\//);
    const order = await orderRow(app(), orderId);
    expect(order.fulfilmentStatus).toBe('delivered');
    const events = await app().db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((e) => e.type)).toEqual(['placed', 'paid', 'delivered']);

    const mail = await mailbox().next((m) => m.to.includes(shopper.email) && m.subject.includes(`#${orderId}`));
    const link = linkIn(mail, '/api/downloads/');
    const fromMail = await fetchFile(new URL(link).pathname);
    expect(fromMail.statusCode).toBe(200);
    expect(fromMail.rawPayload.equals(EPUB)).toBe(true);
    // Nothing was posted: no "delivered" e-mail follows the confirmation.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox().received.filter((m) => m.subject === `Your order #${orderId} has been delivered`)).toEqual([]);
  });

  it('streams the file as an attachment with an ETag, answers If-None-Match with 304 and ranges with 206 or 416', async () => {
    const { url, book } = await paidEbook();
    const whole = await fetchFile(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/epub+zip');
    expect(whole.headers['content-disposition']).toContain(`attachment; filename="${book.title}.epub"`);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(whole.rawPayload.equals(EPUB)).toBe(true);

    expect((await fetchFile(url, { 'if-none-match': etag })).statusCode).toBe(304);
    const head = await app().inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(EPUB.length));
    const part = await fetchFile(url, { range: 'bytes=0-37' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-37/${EPUB.length}`);
    expect(part.rawPayload.toString('latin1')).toBe(EPUB.subarray(0, 38).toString('latin1'));
    const tail = await fetchFile(url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(EPUB.subarray(EPUB.length - 10))).toBe(true);
    const beyond = await fetchFile(url, { range: `bytes=${EPUB.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${EPUB.length}`);
    // 200 and two 206s counted; the 304, the HEAD and the 416 did not.
    const [line] = (await list(shopper, (await app().db.select().from(downloadGrants)).at(-1)!.orderId)).json();
    expect(line.downloads_used).toBe(3);
  });

  it('20 parallel downloads of one link: exactly 5 succeed, the rest are told the link is used up', async () => {
    const { url, orderId } = await paidEbook();
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetchFile(url)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(new Set(refused.map((a) => a.statusCode))).toEqual(new Set([410]));
    expect(refused[0]!.json().error).toBe('This link has been used 5 times. Get a new link from your order page.');
    const [line] = (await list(shopper, orderId)).json();
    expect(line).toMatchObject({ state: 'used_up', downloads_used: 5, downloads_left: 0, url: null });

    // A new link: the old one stops, the new one has 5 again.
    const renewed = await renew(shopper, orderId, line.item);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ state: 'ready', downloads_used: 0 });
    expect((await fetchFile(url)).statusCode).toBe(410);
    expect((await fetchFile(renewed.json().url)).statusCode).toBe(200);
  });

  it('refuses a link with a bad signature, a made-up one, and an expired one (renewable)', async () => {
    const { url, orderId, line } = await paidEbook();
    const token = url.split('/').at(-1)!;
    const forged = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await fetchFile(`/api/downloads/${forged}`)).statusCode).toBe(404);
    expect((await fetchFile('/api/downloads/not-a-link')).statusCode).toBe(404);
    const [grant] = await app().db.select().from(downloadGrants).where(eq(downloadGrants.orderId, orderId));
    const otherSecret = signLink('another-secret-another-secret-another', {
      grantId: grant!.id,
      generation: 1,
      expires: Math.floor(Date.now() / 1000) + 3600,
    });
    expect((await fetchFile(`/api/downloads/${otherSecret}`)).statusCode).toBe(404);
    // A link that ran out by its own date, and a grant that ran out.
    const stale = signLink(ctx().config.downloadSecret, { grantId: grant!.id, generation: 1, expires: 1_000 });
    const staleAnswer = await fetchFile(`/api/downloads/${stale}`);
    expect(staleAnswer.statusCode).toBe(410);
    expect(staleAnswer.json().error).toBe('This download link has expired. Get a new link from your order page.');
    await app()
      .db.update(downloadGrants)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(downloadGrants.id, grant!.id));
    expect((await fetchFile(url)).statusCode).toBe(410);
    expect((await list(shopper, orderId)).json()[0]).toMatchObject({ state: 'expired', url: null });
    const renewed = await renew(shopper, orderId, line.item);
    expect((await fetchFile(renewed.json().url)).statusCode).toBe(200);
  });

  it('another account cannot list or renew the downloads (404), nor can a signed-out caller (401)', async () => {
    const { orderId, line } = await paidEbook();
    const other = await createUser(app());
    expect((await list(other, orderId)).statusCode).toBe(404);
    expect((await renew(other, orderId, line.item)).statusCode).toBe(404);
    expect((await app().inject({ method: 'GET', url: `/api/orders/${orderId}/downloads/` })).statusCode).toBe(401);
    expect((await renew(shopper, orderId, 999_999)).statusCode).toBe(404);
    expect(
      (await app().inject({ method: 'GET', url: '/api/orders/abc/downloads/', headers: shopper.headers })).statusCode,
    ).toBe(400);
  });

  it('a full refund revokes the links; renewing is refused', async () => {
    const { orderId, url, line } = await paidEbook();
    const refunded = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund/`,
      headers: staff.headers,
      payload: {},
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const answer = await fetchFile(url);
    expect(answer.statusCode).toBe(410);
    expect(answer.json().error).toBe('This order was refunded or cancelled, so its eBook can no longer be downloaded.');
    expect((await list(shopper, orderId)).json()[0]).toMatchObject({ state: 'revoked', url: null });
    expect((await renew(shopper, orderId, line.item)).statusCode).toBe(409);
  });

  it('a refund of the eBook line alone (chosen lines) revokes its link; refunding a paper copy leaves it', async () => {
    const { book, edition } = await ebook();
    await upload(staff, edition, EPUB, 'book.epub');
    const paper = await createBook(app(), { price: '7.00', stock: 5 });
    const placed = await placeOrder(app(), shopper, [
      { book, quantity: 1 },
      { book: paper, quantity: 2 },
    ]);
    const orderId = placed.json().id as number;
    const { reference } = (await initialize(app(), shopper, orderId)).json();
    await charge(app(), shopper, reference);
    await verify(app(), shopper, orderId, reference);
    const [line] = (await list(shopper, orderId)).json();
    expect(line.state).toBe('ready');
    const paperLine = (await app().db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).find(
      (row) => row.format !== 'eBook',
    )!;
    // Refunding one paper copy leaves the eBook's link working.
    const paperRefund = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund/`,
      headers: staff.headers,
      payload: { items: [{ item: paperLine.id, quantity: 1 }] },
    });
    expect(paperRefund.statusCode, paperRefund.body).toBe(200);
    expect((await list(shopper, orderId)).json()[0]).toMatchObject({ state: 'ready' });
    const ebookRefund = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund/`,
      headers: staff.headers,
      payload: { items: [{ item: line.item, quantity: 1 }] },
    });
    expect(ebookRefund.statusCode, ebookRefund.body).toBe(200);
    // One paper copy is still paid for: the order is not refunded in full, the eBook line is.
    const order = await orderRow(app(), orderId);
    expect(order.refundedCents).toBeLessThan(order.totalCents);
    expect((await fetchFile(line.url)).statusCode).toBe(410);
    expect((await list(shopper, orderId)).json()[0]).toMatchObject({ state: 'revoked', url: null });
    expect((await renew(shopper, orderId, line.item)).statusCode).toBe(409);
  });

  it('a cancellation (staff, before delivery) revokes the links', async () => {
    // An order with a paper book too is not delivered at payment, so staff may cancel it.
    const { book, edition } = await ebook();
    await upload(staff, edition, EPUB, 'book.epub');
    const paper = await createBook(app(), { price: '7.00', stock: 5 });
    const placed = await placeOrder(app(), shopper, [
      { book, quantity: 1 },
      { book: paper, quantity: 1 },
    ]);
    const orderId = placed.json().id as number;
    const { reference } = (await initialize(app(), shopper, orderId)).json();
    await charge(app(), shopper, reference);
    await verify(app(), shopper, orderId, reference);
    expect((await orderRow(app(), orderId)).fulfilmentStatus).toBe('unfulfilled');
    const [line] = (await list(shopper, orderId)).json();
    expect(line.state).toBe('ready');
    const cancelled = await app().inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel/`,
      headers: staff.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await fetchFile(line.url)).statusCode).toBe(410);
    expect((await renew(shopper, orderId, line.item)).statusCode).toBe(409);
  });

  it('an unpaid order has no downloads yet', async () => {
    const { book } = await ebook();
    const placed = await placeOrder(app(), shopper, [{ book, quantity: 1 }]);
    expect((await list(shopper, placed.json().id)).json()).toEqual([]);
  });
});

describe('an eBook paid before its file arrived', () => {
  /**
   * An order placed before the shop refused eBooks without a file (checkout refuses them now), written
   * as checkout wrote it then: pending, holding its reservation, one line of the eBook edition each.
   */
  async function olderOrder(
    lines: { book: { id: number; title: string; price: string }; edition: number; format: string }[],
  ) {
    const cents = lines.map((line) => Math.round(Number(line.book.price) * 100));
    const [order] = await app()
      .db.insert(orders)
      .values({
        userId: shopper.id,
        totalCents: cents.reduce((sum, c) => sum + c, 0),
        currency: 'USD',
        reservedUntil: sql`now() + interval '15 minutes'`,
      })
      .returning();
    await app()
      .db.insert(orderItems)
      .values(
        lines.map((line, i) => ({
          orderId: order!.id,
          bookId: line.book.id,
          editionId: line.edition,
          format: line.format,
          condition: 'New',
          title: line.book.title,
          quantity: 1,
          priceCents: cents[i]!,
        })),
      );
    const { reference } = (await initialize(app(), shopper, order!.id)).json();
    await charge(app(), shopper, reference);
    expect((await verify(app(), shopper, order!.id, reference)).json().status).toBe('success');
    return order!.id;
  }

  it('is not delivered at payment; once staff upload the file it is, and the shopper is sent the link', async () => {
    const { book, edition } = await ebook(`Late eBook ${Math.random().toString(36).slice(2, 6)}`, false);
    const orderId = await olderOrder([{ book, edition, format: 'eBook' }]);
    expect((await orderRow(app(), orderId)).fulfilmentStatus).toBe('unfulfilled');
    expect((await list(shopper, orderId)).json()).toEqual([expect.objectContaining({ state: 'no_file', url: null })]);

    expect((await upload(staff, edition, EPUB, 'book.epub')).statusCode).toBe(200);
    const mail = await mailbox().next(
      (m) => m.to.includes(shopper.email) && m.subject === `Your eBook "${book.title}" is ready to download`,
    );
    const fromMail = await fetchFile(new URL(linkIn(mail, '/api/downloads/')).pathname);
    expect(fromMail.statusCode).toBe(200);
    expect(fromMail.rawPayload.equals(EPUB)).toBe(true);
    await vi.waitFor(async () => expect((await orderRow(app(), orderId)).fulfilmentStatus).toBe('delivered'), {
      timeout: 10_000,
      interval: 50,
    });
    const events = await app().db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((e) => [e.type, e.actor])).toEqual([
      ['paid', 'provider'],
      ['delivered', 'shop'],
    ]);
    // The link is good for a day from the upload, with all its downloads.
    const [line] = (await list(shopper, orderId)).json();
    expect(line).toMatchObject({ state: 'ready', downloads_used: 1, downloads_left: 4 });
  });

  it('with a paper book beside it, the link is sent and the order waits for the post', async () => {
    const { book, edition } = await ebook(undefined, false);
    const paper = await createBook(app(), { price: '7.00', stock: 5 });
    const [paperEdition] = await app()
      .db.select({ id: editions.id })
      .from(editions)
      .where(eq(editions.bookId, paper.id));
    const orderId = await olderOrder([
      { book, edition, format: 'eBook' },
      { book: paper, edition: paperEdition!.id, format: 'Paperback' },
    ]);
    expect((await upload(staff, edition, EPUB, 'book.epub')).statusCode).toBe(200);
    await mailbox().next(
      (m) => m.to.includes(shopper.email) && m.subject === `Your eBook "${book.title}" is ready to download`,
    );
    expect((await list(shopper, orderId)).json()).toEqual([expect.objectContaining({ state: 'ready' })]);
    expect((await orderRow(app(), orderId)).fulfilmentStatus).toBe('unfulfilled');
  });
});

describe('the demo eBooks', () => {
  it('are made at seed time for each eBook edition without a file, and only once', async () => {
    const { book, edition } = await ebook('Demo Made Here', false);
    expect(await seedDemoEbooks(app().db, ctx().config)).toBeGreaterThanOrEqual(1);
    expect(await seedDemoEbooks(app().db, ctx().config)).toBe(0);
    const [entry] = (
      await app().inject({ method: 'GET', url: `/api/admin/books/${book.id}/ebook-files/`, headers: staff.headers })
    ).json();
    expect(entry).toMatchObject({ edition, file: { format: 'epub' } });
    const orderId = await buy(shopper, book, edition);
    const [line] = (await list(shopper, orderId)).json();
    const file = await fetchFile(line.url);
    expect(ebookKind(file.rawPayload)).toBe('epub');
    expect(file.rawPayload.toString('latin1')).toContain('Demo Made Here');
  });
});

describe('a slow download', () => {
  it('is not cut by the request timeout', { timeout: 20_000 }, async () => {
    const slow = await createTestApp({ requestTimeoutSeconds: 1 });
    try {
      await withApp(slow.app);
    } finally {
      await slow.close();
    }
  });
});

/** Reads a download in small pieces over 2.5 seconds from a real socket, against a 1-second request timeout. */
async function withApp(server: App) {
  const staffUser = await createUser(server, { staff: true });
  const buyer = await createUser(server);
  const book = await createBook(server, { price: '5.00', stock: 10, bookType: 'eBook' });
  const edition = { id: await ebookEditionOf(server, book.id) };
  const big = Buffer.concat([PDF, Buffer.alloc(4 * 1024 * 1024, 7)]);
  const { payload, headers } = await multipart({}, { file: { data: big, name: 'big.pdf' } });
  const up = await server.inject({
    method: 'PUT',
    url: `/api/admin/editions/${edition!.id}/ebook-file`,
    headers: { ...staffUser.headers, ...headers },
    payload,
  });
  expect(up.statusCode, up.body).toBe(200);
  const placed = await placeOrder(server, buyer, [{ book, quantity: 1 }]);
  const orderId = placed.json().id as number;
  const { reference } = (await initialize(server, buyer, orderId)).json();
  await charge(server, buyer, reference);
  await verify(server, buyer, orderId, reference);
  const [line] = (
    await server.inject({ method: 'GET', url: `/api/orders/${orderId}/downloads/`, headers: buyer.headers })
  ).json();

  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  const received = await new Promise<Buffer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: line.url }, (res) => {
      const chunks: Buffer[] = [];
      const started = Date.now();
      res.on('error', reject);
      const timer = setInterval(() => {
        if (Date.now() - started < 2500) {
          const chunk = res.read(64 * 1024) as Buffer | null;
          if (chunk) chunks.push(chunk);
          return;
        }
        clearInterval(timer);
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      }, 100);
    });
    req.on('error', reject);
    req.end();
  });
  expect(received.length).toBe(big.length);
  expect(received.equals(big)).toBe(true);
}
