import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { createAccount } from '../test/factories.js';
import { multipart } from '../test/uploads.js';

/**
 * Inputs that once reached the database or the multipart reader and gave 500.
 * Each must be a 4xx with `{ error }` in the shop's words.
 */
let address = 0;
const from = () => `10.15.${Math.floor(++address / 250)}.${address % 250}`;

describe('malformed input is refused at the edge', () => {
  const ctx = useTestApp();

  function expectRefused(res: { statusCode: number; json(): unknown }, status = 400) {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
    const body = res.json() as { error: unknown };
    expect(typeof body.error).toBe('string');
  }

  describe('finding 1: a NUL byte in any string', () => {
    it.each([
      '/api/books/?keyword=war%00peace',
      '/api/books/?category=fic%00tion',
      '/api/books/?author=a%00b',
      '/api/books/book/Dune%00',
      '/api/authors/abc%00/',
      '/api/categories/abc%00/books/',
    ])('GET %s is a 400', async (url) => {
      const res = await ctx().app.inject({ method: 'GET', url });
      expectRefused(res);
      expect((res.json() as { error: string }).error).toBe('The address contains a character that is not allowed');
    });

    it('in the login identifier, and names the field', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/login/',
        remoteAddress: from(),
        payload: { emailOrUsername: 'ada\u0000', password: 'secret-secret' },
      });
      expectRefused(res);
      expect(res.json()).toEqual({
        error: 'emailOrUsername: This text contains a character that is not allowed',
        fields: { emailOrUsername: ['This text contains a character that is not allowed'] },
      });
    });

    it('in register fields, JSON or multipart', async () => {
      const fields = {
        email: 'n@example.test',
        username: 'nul\u0000user',
        firstName: 'A',
        lastName: 'B',
        password: 'long-password-1',
        password2: 'long-password-1',
      };
      const json = await ctx().app.inject({
        method: 'POST',
        url: '/api/register/',
        remoteAddress: from(),
        payload: fields,
      });
      expectRefused(json);
      expect(json.json().fields).toHaveProperty('username');
      const form = await multipart(fields);
      const res = await ctx().app.inject({ method: 'POST', url: '/api/register/', remoteAddress: from(), ...form });
      expectRefused(res);
      expect(res.json().fields).toHaveProperty('username');
    });

    it('in profile fields', async () => {
      const account = await createAccount(ctx().app);
      const form = await multipart({ bio: 'hello\u0000' });
      const res = await ctx().app.inject({
        method: 'PUT',
        url: '/api/profile/update/',
        headers: { ...account.auth, ...form.headers },
        payload: form.payload,
      });
      expectRefused(res);
      expect(res.json().fields).toHaveProperty('bio');
    });

    it('in contact fields and in nested or key positions', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/contact/',
        remoteAddress: from(),
        payload: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'a\u0000b' },
      });
      expectRefused(res);
      expect(res.json().fields).toHaveProperty('message');
    });

    it('in a payment reference', async () => {
      const account = await createAccount(ctx().app);
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/verify-payment/',
        headers: account.auth,
        payload: { reference: 'ORD-1-\u0000', order_id: 1 },
      });
      expectRefused(res);
      expect(res.json().fields).toHaveProperty('reference');
    });
  });

  describe('finding 2: ids above the database integer range in a JSON body', () => {
    it('items[].book in POST /api/orders/', async () => {
      const account = await createAccount(ctx().app);
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: account.auth,
        payload: { total_price: '1.00', items: [{ book: 2 ** 31, quantity: 1, price: '1.00' }] },
      });
      expectRefused(res);
      expect(res.json().fields).toHaveProperty(['items.0.book']);
    });

    it.each(['/api/payments/initialize/', '/api/verify-payment/'])('order_id in %s', async (url) => {
      const account = await createAccount(ctx().app);
      for (const orderId of [2 ** 31, 99_999_999_999, '99999999999']) {
        const res = await ctx().app.inject({
          method: 'POST',
          url,
          headers: account.auth,
          payload: { order_id: orderId, reference: 'ORD-1-1' },
        });
        expectRefused(res);
        expect(res.json().fields).toHaveProperty('order_id');
      }
    });
  });

  describe('finding 3: broken multipart', () => {
    it('a body cut off before its closing boundary, on register and profile update', async () => {
      const form = await multipart({ email: 'cut@example.test', username: 'cutoff', firstName: 'A', lastName: 'B' });
      const cut = form.payload.subarray(0, form.payload.length - 30);
      const register = await ctx().app.inject({
        method: 'POST',
        url: '/api/register/',
        remoteAddress: from(),
        headers: form.headers,
        payload: cut,
      });
      expectRefused(register);
      const account = await createAccount(ctx().app);
      const update = await ctx().app.inject({
        method: 'PUT',
        url: '/api/profile/update/',
        headers: { ...account.auth, ...form.headers },
        payload: cut,
      });
      expectRefused(update);
    });

    it('multipart/form-data without a boundary', async () => {
      const register = await ctx().app.inject({
        method: 'POST',
        url: '/api/register/',
        remoteAddress: from(),
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'email=a',
      });
      expectRefused(register);
      const account = await createAccount(ctx().app);
      const update = await ctx().app.inject({
        method: 'PUT',
        url: '/api/profile/update/',
        headers: { ...account.auth, 'content-type': 'multipart/form-data' },
        payload: 'bio=a',
      });
      expectRefused(update);
    });
  });

  it('a malformed percent-encoding in a page address is a 400, not a 500', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/book/%E0%A4%A' });
    expect(res.statusCode).toBeLessThan(500);
  });
});
