import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createAccount } from '../../test/factories.js';

describe('staff management', () => {
  const ctx = useTestApp();
  const app = () => ctx().app;
  const setStaff = (auth: Record<string, string>, id: number, is_staff: unknown) =>
    app().inject({ method: 'PUT', url: `/api/users/${id}/staff/`, headers: auth, payload: { is_staff } });

  it('searches users by username or email, in any case', async () => {
    const staff = await createAccount(app(), { staff: true });
    const someone = await createAccount(app());
    const byName = await app().inject({
      url: `/api/users/?search=${someone.user.username.toUpperCase()}`,
      headers: staff.auth,
    });
    expect(byName.json().data.map((u: { id: number }) => u.id)).toEqual([someone.user.id]);
    expect(byName.json().meta.count).toBe(1);
    const byEmail = await app().inject({
      url: `/api/users/?search=${encodeURIComponent(someone.user.email)}`,
      headers: staff.auth,
    });
    expect(byEmail.json().data.map((u: { id: number }) => u.id)).toEqual([someone.user.id]);
    const none = await app().inject({ url: '/api/users/?search=_', headers: staff.auth });
    expect(none.json().data).toEqual([]);
  });

  it('lets staff give and take away staff access', async () => {
    const staff = await createAccount(app(), { staff: true });
    const someone = await createAccount(app());
    const granted = await setStaff(staff.auth, someone.user.id, true);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: someone.user.id, is_staff: true });
    const revoked = await setStaff(staff.auth, someone.user.id, false);
    expect(revoked.json()).toMatchObject({ is_staff: false });
  });

  it('ends staff access taken away at once, though the access token still says staff', async () => {
    const staff = await createAccount(app(), { staff: true });
    const colleague = await createAccount(app(), { staff: true });
    expect((await app().inject({ url: '/api/users/', headers: colleague.auth })).statusCode).toBe(200);
    expect((await setStaff(staff.auth, colleague.user.id, false)).statusCode).toBe(200);
    const after = await app().inject({ url: '/api/users/', headers: colleague.auth });
    expect(after.statusCode).toBe(403);
    expect(after.json().error).toBe('Only staff can do that');
    expect((await setStaff(colleague.auth, staff.user.id, false)).statusCode).toBe(403);
  });

  it('never lets anyone change their own access, so the shop keeps its staff', async () => {
    const staff = await createAccount(app(), { staff: true });
    const res = await setStaff(staff.auth, staff.user.id, false);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('You cannot change your own staff access');
  });

  it('refuses shoppers, guests, unknown users and a bad body', async () => {
    const staff = await createAccount(app(), { staff: true });
    const shopper = await createAccount(app());
    expect((await setStaff(shopper.auth, shopper.user.id, true)).statusCode).toBe(403);
    expect((await setStaff({}, shopper.user.id, true)).statusCode).toBe(401);
    expect((await setStaff(staff.auth, 999_999, true)).statusCode).toBe(404);
    const bad = await setStaff(staff.auth, shopper.user.id, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.is_staff).toEqual(['is_staff must be true or false']);
  });
});
