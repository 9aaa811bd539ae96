import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { App } from '../../app.js';
import { hashPassword } from './passwords.js';
import { insertUser, type UserRow } from './users.js';

/**
 * Helpers for API tests of any module: a multipart body for `inject`, small real pictures, and
 * accounts with their tokens. Test code only.
 */
export async function multipart(
  fields: Record<string, string>,
  files: Record<string, { data: Buffer | Uint8Array; name: string; type?: string }> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) {
    form.append(key, new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** A small real picture; the JPEG carries EXIF (camera, copyright) so tests can see it stripped. */
export async function picture(kind: 'jpeg' | 'png' | 'gif' | 'webp' = 'jpeg', size = 32): Promise<Buffer> {
  const image = sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  switch (kind) {
    case 'jpeg':
      return image.jpeg().withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Private Person' } }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'webp':
      return image.webp().toBuffer();
  }
}

export const uniqueName = (prefix = 'u') => `${prefix}${randomBytes(4).toString('hex')}`.slice(0, 12);

export interface TestAccount {
  user: UserRow;
  password: string;
  access: string;
  auth: { authorization: string };
}

/** An account straight in the database (no HTTP, no rate limits) with a valid access token. */
export async function createAccount(app: App, options: { staff?: boolean; password?: string } = {}): Promise<TestAccount> {
  const username = uniqueName(options.staff ? 's' : 'u');
  const password = options.password ?? 'correct-horse-battery';
  const user = await insertUser(app.db, {
    email: `${username}@example.test`,
    username,
    firstName: 'Test',
    lastName: 'Person',
    passwordHash: await hashPassword(password),
    isStaff: options.staff ?? false,
  });
  const access = await app.tokens.signAccess({ userId: user.id, username: user.username, isStaff: user.isStaff });
  return { user, password, access, auth: { authorization: `Bearer ${access}` } };
}
