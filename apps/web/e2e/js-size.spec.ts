import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * The size guard (docs/decisions/0021-less-script.md): the JavaScript each of the four pages where
 * visits start actually loads, from the first byte until it has hydrated and the network is quiet,
 * as gzip -9 of each file summed, against the numbers committed in e2e/js-size.json.
 */
const budget = JSON.parse(readFileSync(new URL('./js-size.json', import.meta.url), 'utf8')) as {
  allowanceKiB: number;
  targetKiB: number;
  pages: Record<string, number>;
};

test.describe('script size', () => {
  // One width is enough: the same files load at both.
  test.skip(({ isMobile }) => isMobile, 'measured at the desktop width');

  test('each page loads no more JavaScript than e2e/js-size.json allows', async ({ browser, request, baseURL }) => {
    const books = (await (await request.get('/api/books/?page_size=1')).json()) as {
      data: { title: string; author_slug: string }[];
    };
    const book = books.data[0]!;
    const pages: Record<string, string> = {
      home: '/',
      books: '/books',
      book: `/book/${encodeURIComponent(book.title)}`,
      author: `/author/${book.author_slug}`,
    };
    const measured: Record<string, number> = {};
    for (const [name, address] of Object.entries(pages)) {
      // A fresh context for each page: nothing cached from the one before.
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.add(r.url());
      });
      await page.goto(address);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await context.close();
      let bytes = 0;
      for (const url of scripts) {
        const body = await (await request.get(url, { headers: { 'Accept-Encoding': 'identity' } })).body();
        bytes += gzipSync(body, { level: 9 }).length;
      }
      measured[name] = Math.round((bytes / 1024) * 10) / 10;
    }
    console.log(`JavaScript per page, KiB gzip: ${JSON.stringify(measured)}`);
    const over = Object.entries(measured)
      .filter(([name, kib]) => kib > (budget.pages[name] ?? 0) + budget.allowanceKiB)
      .map(
        ([name, kib]) =>
          `${name} (${pages[name]}) loads ${kib} KiB, more than ${budget.allowanceKiB} KiB over its ${budget.pages[name]} KiB`,
      );
    expect(
      over,
      `A page's JavaScript grew. If that is deliberate, set its number in apps/web/e2e/js-size.json to the ` +
        `measured figure above (the target is ${budget.targetKiB} KiB a page, docs/decisions/0021-less-script.md) ` +
        `and say why in the commit; otherwise find what grew with \`npx vite build\` and its chunk list.`,
    ).toEqual([]);
  });
});
