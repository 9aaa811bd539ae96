import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscribers } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createAccount, uniqueName } from '../../test/factories.js';

describe('contact messages and subscribers for staff', () => {
  const ctx = useTestApp();
  const app = () => ctx().app;

  const message = (values: Partial<typeof contactMessages.$inferInsert> = {}) => ({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'Where is my book?',
    message: 'It has been a week.',
    ...values,
  });

  describe('GET /api/admin/messages/', () => {
    it('lists messages newest first, by status, searched by name, email or subject', async () => {
      const staff = await createAccount(app(), { staff: true });
      const tag = uniqueName('m');
      await app()
        .db.insert(contactMessages)
        .values([
          message({ subject: `${tag} first`, createdAt: new Date(Date.now() - 3_000) }),
          message({
            subject: `${tag} second`,
            name: 'Grace Hopper',
            email: 'grace@example.com',
            createdAt: new Date(Date.now() - 2_000),
          }),
          message({ subject: `${tag} third`, createdAt: new Date(Date.now() - 1_000) }),
        ]);
      const list = async (query: string) =>
        (await app().inject({ url: `/api/admin/messages/?${query}`, headers: staff.auth })).json();

      const all = await list(`search=${tag}`);
      expect(all.meta).toMatchObject({ count: 3, page: 1 });
      expect(all.data.map((m: { subject: string }) => m.subject)).toEqual([
        `${tag} third`,
        `${tag} second`,
        `${tag} first`,
      ]);
      expect(all.data[0]).toMatchObject({
        id: expect.any(Number),
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'It has been a week.',
        handled_at: null,
        handled_by: null,
      });
      expect(Date.parse(all.data[0].created_at)).toBeGreaterThan(Date.now() - 60_000);

      expect((await list('search=GRACE@example')).data.map((m: { name: string }) => m.name)).toEqual(['Grace Hopper']);
      const second = all.data[1];
      const marked = await app().inject({
        method: 'PUT',
        url: `/api/admin/messages/${second.id}/handled/`,
        headers: staff.auth,
        payload: { handled: true },
      });
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toMatchObject({ id: second.id, handled_by: staff.user.username });
      expect(Date.parse(marked.json().handled_at)).toBeGreaterThan(Date.now() - 60_000);

      expect((await list(`search=${tag}&status=open`)).data.map((m: { id: number }) => m.id)).not.toContain(second.id);
      expect((await list(`search=${tag}&status=handled`)).data.map((m: { id: number }) => m.id)).toEqual([second.id]);

      // Marking it again keeps the first mark; opening it again clears it.
      const again = await app().inject({
        method: 'PUT',
        url: `/api/admin/messages/${second.id}/handled/`,
        headers: (await createAccount(app(), { staff: true })).auth,
        payload: { handled: true },
      });
      expect(again.json().handled_by).toBe(staff.user.username);
      const reopened = await app().inject({
        method: 'PUT',
        url: `/api/admin/messages/${second.id}/handled/`,
        headers: staff.auth,
        payload: { handled: false },
      });
      expect(reopened.json()).toMatchObject({ handled_at: null, handled_by: null });
    });

    it('pages, and refuses bad parameters and unknown messages with clear errors', async () => {
      const staff = await createAccount(app(), { staff: true });
      const tag = uniqueName('p');
      await app()
        .db.insert(contactMessages)
        .values(Array.from({ length: 3 }, (_, i) => message({ subject: `${tag} ${i}` })));
      const page2 = (
        await app().inject({ url: `/api/admin/messages/?search=${tag}&page_size=2&page=2`, headers: staff.auth })
      ).json();
      expect(page2.meta).toMatchObject({ page: 2, pageSize: 2, count: 3, next: null });
      expect(page2.data).toHaveLength(1);

      const bad = await app().inject({ url: '/api/admin/messages/?status=lost', headers: staff.auth });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.status).toEqual(['status must be one of: open, handled']);
      const notBool = await app().inject({
        method: 'PUT',
        url: '/api/admin/messages/1/handled/',
        headers: staff.auth,
        payload: { handled: 'yes' },
      });
      expect(notBool.statusCode).toBe(400);
      const missing = await app().inject({
        method: 'PUT',
        url: '/api/admin/messages/999999/handled/',
        headers: staff.auth,
        payload: { handled: true },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('Message not found');
    });
  });

  describe('subscribers', () => {
    it('lists them newest first, searched by email, and exports them as CSV with formulas made harmless', async () => {
      const staff = await createAccount(app(), { staff: true });
      const tag = uniqueName('s');
      await app()
        .db.insert(newsletterSubscribers)
        .values([
          { email: `${tag}.one@example.com`, createdAt: new Date(Date.now() - 2_000), confirmedAt: new Date() },
          {
            email: `=cmd|'/c calc'!A0${tag}@example.com`,
            createdAt: new Date(Date.now() - 1_000),
            confirmedAt: new Date(),
          },
          // Never confirmed by its owner: not a subscriber.
          { email: `${tag}.waiting@example.com`, createdAt: new Date() },
        ]);
      const list = (await app().inject({ url: `/api/admin/subscribers/?search=${tag}`, headers: staff.auth })).json();
      expect(list.meta.count).toBe(2);
      expect(list.data.map((s: { email: string }) => s.email)).toEqual([
        `=cmd|'/c calc'!A0${tag}@example.com`,
        `${tag}.one@example.com`,
      ]);

      const csv = await app().inject({ url: `/api/admin/subscribers/export/?search=${tag}`, headers: staff.auth });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = csv.body.split('\r\n');
      expect(lines[0]).toBe('email,subscribed_at');
      expect(lines[1]).toMatch(new RegExp(`^${tag}\\.one@example\\.com,\\d{4}-\\d{2}-\\d{2}T`));
      expect(lines[2]!.startsWith(`'=cmd|'/c calc'!A0${tag}@example.com,`)).toBe(true);
      expect(lines).toHaveLength(4);
    });
  });

  it.each([
    ['GET', '/api/admin/messages/'],
    ['PUT', '/api/admin/messages/1/handled/'],
    ['GET', '/api/admin/subscribers/'],
    ['GET', '/api/admin/subscribers/export/'],
  ] as const)('%s %s is for staff only', async (method, url) => {
    const payload = method === 'PUT' ? { handled: true } : undefined;
    expect((await app().inject({ method, url, payload })).statusCode).toBe(401);
    const shopper = await createAccount(app());
    const res = await app().inject({ method, url, payload, headers: shopper.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Only staff can do that');
  });

  it('a shopper cannot mark a message handled', async () => {
    const [stored] = await app().db.insert(contactMessages).values(message()).returning();
    const shopper = await createAccount(app());
    const url = `/api/admin/messages/${stored!.id}/handled/`;
    expect(
      (await app().inject({ method: 'PUT', url, payload: { handled: true }, headers: shopper.auth })).statusCode,
    ).toBe(403);
    const [after] = await app().db.select().from(contactMessages).where(eq(contactMessages.id, stored!.id));
    expect(after!.handledAt).toBeNull();
  });
});
