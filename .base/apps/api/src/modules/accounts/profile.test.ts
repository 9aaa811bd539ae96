import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createAccount } from '../../test/factories.js';
import { multipart, picture } from '../../test/uploads.js';

describe('profile', () => {
  const ctx = useTestApp();

  async function update(auth: Record<string, string>, fields: Record<string, string>, files = {}) {
    const { payload, headers } = await multipart(fields, files);
    return ctx().app.inject({ method: 'PUT', url: '/api/profile/update/', payload, headers: { ...headers, ...auth } });
  }
  const fileOnDisk = (url: string) => path.join(ctx().config.mediaDir, url.replace('/media/', ''));

  describe('GET /api/profile/', () => {
    it('returns every field of the signed-in user, in both spellings the web reads', async () => {
      const { user, auth } = await createAccount(ctx().app);
      const res = await ctx().app.inject({ url: '/api/profile/', headers: auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: user.id,
        username: user.username,
        email: user.email,
        firstName: 'Test',
        lastName: 'Person',
        first_name: 'Test',
        last_name: 'Person',
        bio: '',
        profilePicture: null,
        profile_picture: null,
        date_joined: user.dateJoined.toISOString(),
        is_staff: false,
        email_verified: false,
      });
    });

    it('needs a signed-in user', async () => {
      const res = await ctx().app.inject({ url: '/api/profile/' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Please sign in to continue');
    });
  });

  describe('PUT /api/profile/update/', () => {
    it('changes only the fields sent', async () => {
      const { user, auth } = await createAccount(ctx().app);
      const res = await update(auth, { bio: 'Loves poetry', firstName: 'Grace' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        firstName: 'Grace',
        first_name: 'Grace',
        lastName: 'Person',
        email: user.email,
        bio: 'Loves poetry',
        username: user.username,
      });
      const again = await ctx().app.inject({ url: '/api/profile/', headers: auth });
      expect(again.json()).toMatchObject({ firstName: 'Grace', bio: 'Loves poetry' });
    });

    it('takes JSON too, and treats empty names and email as not sent', async () => {
      const { user, auth } = await createAccount(ctx().app);
      const res = await ctx().app.inject({
        method: 'PUT',
        url: '/api/profile/update/',
        headers: auth,
        payload: { firstName: '', lastName: 'Hopper', email: '' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ firstName: 'Test', lastName: 'Hopper', email: user.email });
    });

    it('replaces the picture (profilePicture or profile_picture), stripped of metadata, and removes the old file', async () => {
      const { auth } = await createAccount(ctx().app);
      const first = await update(auth, {}, { profilePicture: { data: await picture('jpeg'), name: 'a.jpg' } });
      expect(first.statusCode).toBe(200);
      const firstUrl = first.json().profilePicture as string;
      expect(firstUrl).toMatch(/^\/media\/profiles\/.+\.jpg$/);
      expect(first.json().profile_picture).toBe(firstUrl);
      expect(existsSync(fileOnDisk(firstUrl))).toBe(true);

      const second = await update(auth, {}, { profile_picture: { data: await picture('gif'), name: 'b.gif' } });
      expect(second.statusCode).toBe(200);
      expect(second.json().profilePicture).toMatch(/\.gif$/);
      expect(existsSync(fileOnDisk(firstUrl))).toBe(false);
    });

    it('refuses a picture over 5MB with the profile message, and a disguised one', async () => {
      const { auth } = await createAccount(ctx().app);
      const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const tooBig = await update(auth, { bio: 'x' }, { profilePicture: { data: big, name: 'big.png' } });
      expect([400, 413]).toContain(tooBig.statusCode);
      expect(tooBig.json().error).toBe('Image size should be less than 5MB');

      const text = await update(
        auth,
        {},
        { profilePicture: { data: Buffer.from('hello, not a picture'), name: 'me.png', type: 'image/png' } },
      );
      expect(text.statusCode).toBe(400);
      expect(text.json().fields.profilePicture).toEqual(['Please upload a valid image file (JPEG, PNG, or GIF)']);

      const unchanged = await ctx().app.inject({ url: '/api/profile/', headers: auth });
      expect(unchanged.json()).toMatchObject({ bio: '', profilePicture: null });
    });

    it('checks the fields it is given', async () => {
      const { auth } = await createAccount(ctx().app);
      const res = await update(auth, { email: 'not-an-email', firstName: 'A', bio: 'b'.repeat(501) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        email: ['Please enter a valid email address'],
        firstName: ['First name must be at least 2 characters'],
        bio: ['Bio must be at most 500 characters'],
      });
    });

    it('refuses a new e-mail address without the current password (it changes through POST /api/profile/email/)', async () => {
      const other = await createAccount(ctx().app);
      const me = await createAccount(ctx().app);
      for (const email of [other.user.email.toUpperCase(), 'mine-now@example.test']) {
        const refused = await update(me.auth, { email, bio: 'changed?' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fields.email).toEqual(['To change your e-mail address, enter your current password.']);
      }
      const profile = (await ctx().app.inject({ url: '/api/profile/', headers: me.auth })).json();
      expect(profile).toMatchObject({ email: me.user.email, bio: '' });
      // The same address sent back with the rest of the form, in any case, changes nothing.
      const own = await update(me.auth, { email: me.user.email.toUpperCase(), bio: 'same address' });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ email: me.user.email, bio: 'same address' });
    });

    it('ignores fields a user may not change: staff flag, username, id', async () => {
      const { user, auth } = await createAccount(ctx().app);
      const res = await update(auth, { is_staff: 'true', isStaff: 'true', username: 'hijack', id: '1', bio: 'hi' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, username: user.username, is_staff: false, bio: 'hi' });
      const json = await ctx().app.inject({
        method: 'PUT',
        url: '/api/profile/update/',
        headers: auth,
        payload: { is_staff: true },
      });
      expect(json.json().is_staff).toBe(false);
    });

    it('changes only the caller’s own profile', async () => {
      const victim = await createAccount(ctx().app);
      const me = await createAccount(ctx().app);
      await update(me.auth, { bio: 'mine', id: String(victim.user.id) });
      const theirs = await ctx().app.inject({ url: '/api/profile/', headers: victim.auth });
      expect(theirs.json().bio).toBe('');
    });

    it('needs a signed-in user', async () => {
      const res = await update({}, { bio: 'anonymous' });
      expect(res.statusCode).toBe(401);
    });
  });
});
