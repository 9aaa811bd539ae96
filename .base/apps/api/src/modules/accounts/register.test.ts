import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createAccount, uniqueName } from '../../test/factories.js';
import { multipart, picture } from '../../test/uploads.js';

function validFields(overrides: Record<string, string> = {}) {
  const username = uniqueName('r');
  return {
    email: `${username}@example.test`,
    username,
    firstName: 'Ada',
    lastName: 'Lovelace',
    bio: 'Reads a lot',
    password: 'analytical-engine',
    password2: 'analytical-engine',
    ...overrides,
  };
}

describe('POST /api/register/', () => {
  const ctx = useTestApp();

  let sequence = 0;
  /** Each sign-up from an address of its own: one address may create only a few accounts an hour. */
  async function register(
    fields: Record<string, string>,
    files = {},
    remoteAddress = `10.77.${sequence >> 8}.${++sequence & 255}`,
  ) {
    const { payload, headers } = await multipart(fields, files);
    return ctx().app.inject({ method: 'POST', url: '/api/register/', payload, headers, remoteAddress });
  }

  it('lets one address create SIGNUPS_PER_HOUR accounts an hour, then answers 429', async () => {
    const { signupsPerHour } = ctx().config;
    for (let i = 0; i < signupsPerHour; i += 1) {
      expect((await register(validFields(), {}, '10.78.0.1')).statusCode).toBe(201);
    }
    const next = await register(validFields(), {}, '10.78.0.1');
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(validFields(), {}, '10.78.0.2')).statusCode).toBe(201);
  });

  it('creates an account with a picture, re-encoded without its metadata, and returns the profile', async () => {
    const fields = validFields();
    const original = await picture('jpeg', 64);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await register(fields, { profilePicture: { data: original, name: 'me.jpg', type: 'image/jpeg' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      username: fields.username,
      email: fields.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      bio: 'Reads a lot',
      is_staff: false,
    });
    expect(body).not.toHaveProperty('passwordHash');
    expect(body).not.toHaveProperty('password');
    expect(body.profilePicture).toMatch(/^\/media\/profiles\/[0-9a-f-]+\.jpg$/);
    expect(body.profile_picture).toBe(body.profilePicture);
    expect(new Date(body.date_joined).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const stored = path.join(ctx().config.mediaDir, body.profilePicture.replace('/media/', ''));
    expect(existsSync(stored)).toBe(true);
    const meta = await sharp(readFileSync(stored)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(readFileSync(stored).includes('SecretCam')).toBe(false);

    const served = await ctx().app.inject(body.profilePicture);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('accepts PNG and GIF pictures, JSON without a picture, and keeps the picture field optional', async () => {
    for (const kind of ['png', 'gif'] as const) {
      const res = await register(validFields(), { profilePicture: { data: await picture(kind), name: `p.${kind}` } });
      expect(res.statusCode).toBe(201);
      expect(res.json().profilePicture).toMatch(new RegExp(`\\.${kind}$`));
    }
    const json = await ctx().app.inject({ method: 'POST', url: '/api/register/', payload: validFields() });
    expect(json.statusCode).toBe(201);
    expect(json.json().profilePicture).toBeNull();
  });

  it('lets the new account sign in', async () => {
    const fields = validFields();
    await register(fields);
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { emailOrUsername: fields.email, password: fields.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['email', { email: '' }, 'Email is required'],
    ['username', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['username', { username: 'abcdefghijklm' }, 'Username must be at most 12 characters'],
    ['username', { username: 'bad name!' }, 'Username can only contain letters, numbers, underscores and hyphens'],
    ['username', { username: '' }, 'Username is required'],
    ['firstName', { firstName: 'A' }, 'First name must be at least 2 characters'],
    ['firstName', { firstName: 'A'.repeat(21) }, 'First name must be at most 20 characters'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['lastName', { lastName: 'B'.repeat(21) }, 'Last name must be at most 20 characters'],
    ['password', { password: 'abc', password2: 'abc' }, 'Minimum 6 characters'],
    ['password', { password: 'x'.repeat(129), password2: 'x'.repeat(129) }, 'Maximum 128 characters'],
    ['password', { password: 'password123', password2: 'password123' }, 'This password is too common'],
    ['password', { password: 'QWERTY123', password2: 'QWERTY123' }, 'This password is too common'],
    ['password2', { password2: 'something-else' }, 'Passwords do not match'],
    ['password2', { password2: '' }, 'Please confirm your password'],
  ])('refuses a bad %s: %s', async (field, override, message) => {
    const res = await register(validFields(override));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fields[field]).toContain(message);
    expect(body.error).toBe(`${field}: ${body.fields[field].join(', ')}`);
  });

  it('names every wrong field at once', async () => {
    const res = await register({
      email: 'x',
      username: 'a',
      firstName: '',
      lastName: '',
      password: '1',
      password2: '',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(
      ['email', 'firstName', 'lastName', 'password', 'password2', 'username'].sort(),
    );
  });

  it('refuses a taken email or username whatever its case', async () => {
    const first = validFields();
    expect((await register(first)).statusCode).toBe(201);

    const sameEmail = await register(validFields({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().fields.email).toEqual(['An account with this email already exists']);

    const sameName = await register(validFields({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().fields.username).toEqual(['This username is already taken']);
    expect(sameName.json().error).toBe('username: This username is already taken');
  });

  it('never makes anyone staff from the form', async () => {
    const fields = validFields();
    const res = await register({ ...fields, is_staff: 'true', isStaff: 'true', is_superuser: 'true' });
    expect(res.statusCode).toBe(201);
    expect(res.json().is_staff).toBe(false);
    const json = await ctx().app.inject({
      method: 'POST',
      url: '/api/register/',
      payload: { ...validFields(), is_staff: true, isStaff: true },
    });
    expect(json.json().is_staff).toBe(false);
    const login = await ctx().app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { emailOrUsername: fields.username, password: fields.password },
    });
    const payload = JSON.parse(Buffer.from(login.json().access.split('.')[1], 'base64url').toString());
    expect(payload.is_staff).toBe(false);
  });

  it('refuses a picture over 5MB with the spec message', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await register(validFields(), { profilePicture: { data: big, name: 'big.jpg', type: 'image/jpeg' } });
    expect([400, 413]).toContain(res.statusCode);
    expect(res.json().error).toBe('File size should not exceed 5MB');
    expect(res.json().fields.profilePicture).toEqual(['File size should not exceed 5MB']);
  });

  it('refuses files that only pretend to be pictures, judging by the bytes', async () => {
    const disguised = [
      { data: Buffer.from('just some text, honestly a picture'), name: 'cat.png', type: 'image/png' },
      {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: 'a.gif',
        type: 'image/gif',
      },
      // Right first bytes, then nothing a decoder can read.
      {
        data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
        name: 'x.png',
      },
      // A real picture of a type the spec does not allow.
      { data: await picture('webp'), name: 'p.jpg', type: 'image/jpeg' },
    ];
    for (const file of disguised) {
      const fields = validFields();
      const res = await register(fields, { profilePicture: file });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.profilePicture).toEqual(['Please upload a valid image file (JPEG, PNG, or GIF)']);
      // Nothing was created.
      const again = await register(fields);
      expect(again.statusCode).toBe(201);
    }
  });

  it('accepts the picture under profile_picture too', async () => {
    const res = await register(validFields(), { profile_picture: { data: await picture('png'), name: 'p.png' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().profilePicture).toMatch(/\.png$/);
  });
  describe('tells whatever follows a sign-up (the user.registered event)', () => {
    async function registeredEvents(username: string) {
      const staff = await createAccount(ctx().app, { staff: true });
      const res = await ctx().app.inject({ url: '/api/admin/events/?page_size=100', headers: staff.auth });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { type: string; key: string; payload: { username: string } }[]).filter(
        (e) => e.type === 'user.registered' && e.payload.username === username,
      );
    }

    it('records the event with the new account', async () => {
      const fields = validFields();
      const res = await register(fields);
      expect(res.statusCode).toBe(201);
      const events = await registeredEvents(fields.username);
      expect(events).toEqual([
        expect.objectContaining({
          key: String(res.json().id),
          payload: { userId: res.json().id, username: fields.username, email: fields.email },
        }),
      ]);
    });

    it('records none for a sign-up that failed, also when two race for one username', async () => {
      const fields = validFields();
      expect((await register({ ...fields, password2: 'something-else' })).statusCode).toBe(400);
      expect(await registeredEvents(fields.username)).toEqual([]);

      // Both pass the "is it taken" check; the second insert fails inside its transaction, which
      // takes its event with it.
      const statuses = (
        await Promise.all([register(fields), register({ ...fields, email: `other-${fields.email}` })])
      ).map((r) => r.statusCode);
      expect(statuses.sort()).toEqual([201, 409]);
      expect(await registeredEvents(fields.username)).toHaveLength(1);
    });
  });
});
