import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { users } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createAccount } from '../../test/factories.js';
import { ensureAdminFromConfig, ensureStaffAccount } from './admin.js';
import { findUserByEmail } from './users.js';

const quietLog = { info: () => {} };

describe('staff', () => {
  const ctx = useTestApp();

  describe('GET /api/users/', () => {
    it('lists accounts page by page for staff, `pages` being the page size', async () => {
      const staff = await createAccount(ctx().app, { staff: true });
      for (let i = 0; i < 11; i += 1) await createAccount(ctx().app);
      const total = (await ctx().app.db.select().from(users)).length;

      const first = await ctx().app.inject({ url: '/api/users/?page=1&pages=10', headers: staff.auth });
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.data).toHaveLength(10);
      expect(body.meta).toEqual({ page: 1, pageSize: 10, count: total, pages: Math.ceil(total / 10), next: 2 });
      expect(Object.keys(body.data[0]).sort()).toEqual(
        ['date_joined', 'disabled', 'email', 'firstName', 'id', 'is_staff', 'lastName', 'username'].sort(),
      );
      expect(JSON.stringify(body)).not.toMatch(/password/i);

      const last = await ctx().app.inject({
        url: `/api/users/?page=${Math.ceil(total / 10)}&pages=10`,
        headers: staff.auth,
      });
      expect(last.json().meta.next).toBeNull();
      const defaults = await ctx().app.inject({ url: '/api/users/', headers: staff.auth });
      expect(defaults.json().meta.pageSize).toBe(10);
    });

    it('refuses shoppers (403) and guests (401)', async () => {
      const shopper = await createAccount(ctx().app);
      const forbidden = await ctx().app.inject({ url: '/api/users/', headers: shopper.auth });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error).toBe('Only staff can do that');
      expect((await ctx().app.inject({ url: '/api/users/' })).statusCode).toBe(401);
    });

    it('checks the paging parameters', async () => {
      const staff = await createAccount(ctx().app, { staff: true });
      const res = await ctx().app.inject({ url: '/api/users/?page=0&pages=1000', headers: staff.auth });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields).sort()).toEqual(['page', 'pages']);
    });
  });

  describe('staff accounts from the configuration', () => {
    it('creates the ADMIN_EMAIL account as staff once, which can then sign in and see the users', async () => {
      const config = {
        ...ctx().config,
        admin: { email: 'Boss@Example.test', password: 'staff-password-1' },
      };
      await ensureAdminFromConfig(ctx().app.db, config, quietLog);
      await ensureAdminFromConfig(ctx().app.db, config, quietLog);
      const rows = (await ctx().app.db.select().from(users)).filter(
        (u) => u.email.toLowerCase() === 'boss@example.test',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ isStaff: true, username: 'Boss' });

      const login = await ctx().app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { emailOrUsername: 'boss@example.test', password: 'staff-password-1' },
      });
      expect(login.statusCode).toBe(200);
      const { access } = login.json();
      expect(JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()).is_staff).toBe(true);
      const list = await ctx().app.inject({ url: '/api/users/', headers: { authorization: `Bearer ${access}` } });
      expect(list.statusCode).toBe(200);
      const profile = await ctx().app.inject({ url: '/api/profile/', headers: { authorization: `Bearer ${access}` } });
      expect(profile.json().is_staff).toBe(true);
    });

    it('promotes an existing shopper with that email, never changes their password, never demotes', async () => {
      const shopper = await createAccount(ctx().app, { password: 'their-own-password' });
      await ensureAdminFromConfig(
        ctx().app.db,
        { ...ctx().config, admin: { email: shopper.user.email, password: 'config-password' } },
        quietLog,
      );
      const promoted = await findUserByEmail(ctx().app.db, shopper.user.email);
      expect(promoted?.isStaff).toBe(true);
      const login = await ctx().app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { emailOrUsername: shopper.user.email, password: 'their-own-password' },
      });
      expect(login.statusCode).toBe(200);

      const staff = await createAccount(ctx().app, { staff: true });
      await ensureStaffAccount(ctx().app.db, { email: staff.user.email, password: 'whatever-else' });
      expect((await findUserByEmail(ctx().app.db, staff.user.email))?.isStaff).toBe(true);
    });

    it('does nothing without ADMIN_EMAIL', async () => {
      const before = (await ctx().app.db.select().from(users)).length;
      await ensureAdminFromConfig(ctx().app.db, { ...ctx().config, admin: undefined }, quietLog);
      expect((await ctx().app.db.select().from(users)).length).toBe(before);
    });

    it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
      expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.test', JWT_SECRET: 'x'.repeat(40) })).toThrow(/given together/);
    });

    it('gives a staff account made from a taken local part a free username', async () => {
      const taken = await createAccount(ctx().app);
      const { user } = await ensureStaffAccount(ctx().app.db, {
        email: `${taken.user.username}@elsewhere.test`,
        password: 'another-staff-pw',
      });
      expect(user.username).not.toBe(taken.user.username);
      expect(user.username).toMatch(/^[A-Za-z0-9_-]{3,12}$/);
    });
  });
});
