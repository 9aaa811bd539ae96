import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../test/app.js';
import { SUBSCRIBED } from './service.js';

let address = 0;
/** Each test posts from its own address so the rate limiter only counts what the test means it to. */
const from = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

describe('contact form and newsletter', () => {
  const ctx = useTestApp();
  const post = (url: string, payload: unknown, remoteAddress = from()) =>
    ctx().app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Order', message: 'Where is my book?' };

  describe('POST /api/contact', () => {
    it('stores the message and answers 201 ok', async () => {
      const res = await post('/api/contact', { ...valid, subject: 'Stored?' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ok: true });
      const rows = (await ctx().app.db.execute(
        sql`SELECT name, email, subject, message FROM contact_messages WHERE subject = 'Stored?'`,
      )) as unknown as { rows: unknown[] };
      expect(rows.rows).toEqual([{ ...valid, subject: 'Stored?' }]);
    });

    it.each(['name', 'email', 'subject', 'message'])('requires %s', async (field) => {
      const res = await post('/api/contact', { ...valid, [field]: '   ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBeDefined();
      const missing = await post('/api/contact', { ...valid, [field]: undefined });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields[field]).toBeDefined();
    });

    it('checks the email', async () => {
      const res = await post('/api/contact', { ...valid, email: 'not-an-email' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'email: Enter a valid email address' });
    });

    it('refuses a body that is not JSON', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: '{nope',
        remoteAddress: from(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBeTruthy();
    });

    it('limits each address to 10 messages a minute', async () => {
      const me = from();
      for (let i = 0; i < 10; i++) expect((await post('/api/contact', valid, me)).statusCode).toBe(201);
      const limited = await post('/api/contact', valid, me);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatch(/Too many attempts/);
      expect((await post('/api/contact', valid)).statusCode).toBe(201);
    });
  });

  describe('POST /api/newsletter/', () => {
    it('subscribes once per email, whatever its case, and answers the same whether it was known or not', async () => {
      const first = await post('/api/newsletter/', { email: 'Reader@Example.com' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ ok: true, message: SUBSCRIBED });
      const again = await post('/api/newsletter/', { email: ' reader@example.COM ' });
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.body).toBe(first.body);
      const rows = (await ctx().app.db.execute(
        sql`SELECT count(*)::int AS n FROM newsletter_subscribers WHERE lower(email) = 'reader@example.com'`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows.rows[0]!.n).toBe(1);
    });

    it('refuses a missing or malformed email', async () => {
      const missing = await post('/api/newsletter/', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields.email).toBeDefined();
      const bad = await post('/api/newsletter/', { email: 'reader@' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('email: Enter a valid email address');
    });

    it('limits each address to 10 attempts a minute', async () => {
      const me = from();
      for (let i = 0; i < 10; i++) {
        expect((await post('/api/newsletter/', { email: `r${i}@example.com` }, me)).statusCode).toBe(200);
      }
      expect((await post('/api/newsletter/', { email: 'r99@example.com' }, me)).statusCode).toBe(429);
    });
  });
});
