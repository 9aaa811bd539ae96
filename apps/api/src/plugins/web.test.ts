import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';

// A tiny built app: the real server must serve it the way a browser needs.
const dist = mkdtempSync(path.join(tmpdir(), 'bookstore-web-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>Bookstore</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
// As the build writes a stylesheet: the file, and beside it the same bytes compressed once at brotli's best.
const stylesheet = `.a{color:red}\n${'.b{margin:0}\n'.repeat(300)}`;
writeFileSync(path.join(dist, 'assets', 'index-def456.css'), stylesheet);
const stylesheetBr = brotliCompressSync(stylesheet);
writeFileSync(path.join(dist, 'assets', 'index-def456.css.br'), stylesheetBr);
writeFileSync(path.join(dist, 'robots-test.txt'), 'plain file');

describe('serving the storefront', () => {
  const ctx = useTestApp({ webDist: dist });

  it('serves the app for client routes (SPA fallback)', async () => {
    for (const url of ['/', '/books', '/book/Pride%20and%20Prejudice', '/cart?x=1']) {
      const res = await ctx().app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await ctx().app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the compressed file the build made when there is one, and the plain file to a client without brotli', async () => {
    const url = '/assets/index-def456.css';
    const br = await ctx().app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('text/css');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(stylesheetBr)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(stylesheet);
    const plain = await ctx().app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(stylesheet);
  });

  it('answers unknown API and media addresses and missing files with JSON 404s, not the app', async () => {
    for (const url of ['/api/nope', '/media/covers/missing.svg', '/assets/missing-file.js']) {
      const res = await ctx().app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBeTruthy();
    }
  });

  it('serves media with long-lived caching and refuses path tricks', async () => {
    const { config, app } = ctx();
    mkdirSync(path.join(config.mediaDir, 'covers'), { recursive: true });
    writeFileSync(path.join(config.mediaDir, 'covers', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const res = await app.inject('/media/covers/a.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const escape = await app.inject('/media/..%2f..%2fsecrets.json');
    expect(escape.statusCode).toBeGreaterThanOrEqual(400);
    expect(escape.statusCode).toBeLessThan(500);
  });
});

// The build puts one small script inline (the theme, before the first paint: apps/web/vite.config.ts).
const withInline = mkdtempSync(path.join(tmpdir(), 'bookstore-web-inline-'));
afterAll(() => rmSync(withInline, { recursive: true, force: true }));
const themeScript = "document.documentElement.classList.toggle('dark',false)";
writeFileSync(
  path.join(withInline, 'index.html'),
  `<!doctype html><html><head><title>Bookstore</title><script>${themeScript}</script>` +
    '<script type="application/json" id="x">{"a":1}</script><script src="/assets/a.js"></script></head>' +
    '<body><div id="root"></div></body></html>',
);

describe('the inline script of the built page', () => {
  const ctx = useTestApp({ webDist: withInline });

  it('is allowed by its hash, and no other inline script is', async () => {
    const res = await ctx().app.inject('/');
    expect(res.body).toContain(`<script>${themeScript}</script>`);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1];
    const hash = createHash('sha256').update(themeScript).digest('base64');
    // Exactly the page's own script: not 'unsafe-inline', and not the JSON block (data, never run).
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    // The same policy on the API's answers as on the page.
    const api = await ctx().app.inject('/api/categories/');
    expect(api.headers['content-security-policy']).toBe(csp);
  });
});
