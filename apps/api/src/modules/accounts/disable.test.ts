import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createAccount, createBook, placeOrder } from '../../test/factories.js';

/**
 * Staff disable an account (PUT /api/users/{id}/disabled/): it cannot sign in, its sessions end, and
 * what it did stays. Enabled again, it signs in as before.
 */
describe('disabling an account', () => {
  const ctx = useTestApp();
  const app = () => ctx().app;
  const setDisabled = (auth: Record<string, string>, id: number, disabled: unknown) =>
    app().inject({ method: 'PUT', url: `/api/users/${id}/disabled/`, headers: auth, payload: { disabled } });
  const login = (emailOrUsername: string, password: string) =>
    app().inject({ method: 'POST', url: '/api/login/', payload: { emailOrUsername, password } });

  it('stops sign-in and ends the sessions it has; its orders stay; enabled again, it signs in', async () => {
    const staff = await createAccount(app(), { staff: true });
    const shopper = await createAccount(app());
    const signedIn = await login(shopper.user.username, shopper.password);
    expect(signedIn.statusCode).toBe(200);
    const { access, refresh } = signedIn.json() as { access: string; refresh: string };
    const session = { authorization: `Bearer ${access}` };
    const book = await createBook(app(), { stock: 3 });
    const order = await placeOrder(app(), { ...shopper.user, token: access, headers: session }, [
      { book, quantity: 1 },
    ]);
    expect(order.statusCode, order.body).toBe(201);

    const disabled = await setDisabled(staff.auth, shopper.user.id, true);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ id: shopper.user.id, disabled: true });

    // The session it had is over, its refresh token too.
    expect((await app().inject({ url: '/api/profile/', headers: session })).statusCode).toBe(401);
    const refreshed = await app().inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    expect(refreshed.statusCode).toBe(401);
    // The right password says why; a wrong one says no more than for anyone.
    const refused = await login(shopper.user.username, shopper.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      'This account has been disabled. Please contact us if you think this is a mistake.',
    );
    const guessed = await login(shopper.user.username, 'not-the-password');
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().error).toBe('Invalid email/username or password');

    // Staff still see it and its order.
    const listed = await app().inject({ url: `/api/users/?search=${shopper.user.username}`, headers: staff.auth });
    expect(listed.json().data).toMatchObject([{ id: shopper.user.id, disabled: true }]);
    const staffOrder = await app().inject({ url: `/api/admin/orders/${order.json().id}/`, headers: staff.auth });
    expect(staffOrder.statusCode).toBe(200);

    const enabled = await setDisabled(staff.auth, shopper.user.id, false);
    expect(enabled.json()).toMatchObject({ disabled: false });
    expect((await login(shopper.user.username, shopper.password)).statusCode).toBe(200);
  });

  it('never disables your own account or a staff account, and asking twice changes nothing', async () => {
    const staff = await createAccount(app(), { staff: true });
    const colleague = await createAccount(app(), { staff: true });
    const own = await setDisabled(staff.auth, staff.user.id, true);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('You cannot disable your own account');
    const other = await setDisabled(staff.auth, colleague.user.id, true);
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('Take away staff access before disabling this account');
    const shopper = await createAccount(app());
    expect((await setDisabled(staff.auth, shopper.user.id, true)).json().disabled).toBe(true);
    expect((await setDisabled(staff.auth, shopper.user.id, true)).json().disabled).toBe(true);
  });

  it('is for staff only, of an account that exists, with true or false', async () => {
    const staff = await createAccount(app(), { staff: true });
    const shopper = await createAccount(app());
    const other = await createAccount(app());
    expect((await setDisabled(shopper.auth, other.user.id, true)).statusCode).toBe(403);
    expect((await setDisabled({}, other.user.id, true)).statusCode).toBe(401);
    expect((await setDisabled(staff.auth, 999_999, true)).statusCode).toBe(404);
    const bad = await setDisabled(staff.auth, other.user.id, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('disabled must be true or false');
    expect((await login(other.user.username, other.password)).statusCode).toBe(200);
  });
});
