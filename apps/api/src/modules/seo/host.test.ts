import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { beforeAll } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { insertCategory } from '../../test/factories.js';

/**
 * Without PUBLIC_URL the Host header was once trusted for absolute URLs, and the sitemap
 * is cached for an hour, so one request with `Host: evil.test` could poison what search engines and
 * caches keep. Absolute URLs come only from PUBLIC_URL or from a host in ALLOWED_HOSTS.
 */
const dist = mkdtempSync(path.join(tmpdir(), 'bookstore-host-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>Bookstore</title></head><body></body></html>',
);
writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');

describe('absolute URLs never come from an unknown Host header', () => {
  const ctx = useTestApp({ webDist: dist, publicUrl: undefined, allowedHosts: ['books.example.com'] });
  beforeAll(async () => {
    await insertCategory(ctx().app.db, { name: 'Poetry', slug: 'poetry', description: 'Verse.' });
  });
  const get = (url: string, host: string) => ctx().app.inject({ method: 'GET', url, headers: { host } });

  it.each(['/sitemap.xml', '/sitemap-pages.xml', '/category/poetry'])('%s ignores a forged Host', async (url) => {
    const res = await get(url, 'evil.test');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.test');
  });

  it('uses an allowed host as it was asked for', async () => {
    const res = await get('/sitemap-pages.xml', 'books.example.com');
    expect(res.body).toContain('http://books.example.com/');
    const page = await get('/category/poetry', 'books.example.com');
    expect(page.body).toContain('<link rel="canonical" href="http://books.example.com/category/poetry"');
  });

  it('uses PUBLIC_URL whenever it is set', async () => {
    const { createTestApp } = await import('../../test/app.js');
    const other = await createTestApp({ webDist: dist, publicUrl: 'https://shop.example.org' });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/sitemap-pages.xml', headers: { host: 'evil.test' } });
      expect(res.body).toContain('https://shop.example.org/');
      expect(res.body).not.toContain('evil.test');
    } finally {
      await other.close();
    }
  });
});
