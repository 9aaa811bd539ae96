#!/usr/bin/env node
// `node --import tsx bench/explain.mjs`: EXPLAIN (ANALYZE, BUFFERS) of every statement the catalogue
// runs for the calls measured at a million titles (docs/benchmarks/million-titles.md), written as
// Markdown to stdout. It calls the catalogue's own service functions against DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/bookstore_bench_1m), and before each SELECT the pool runs it
// once more under EXPLAIN: the plans are those of the very statements and parameters the store sends.
// EXPLAIN_ONLY=<text> keeps the calls whose name holds it; EXPLAIN_TYPO=<keyword> is the typo searched for.
import { bookListQuerySchema } from '@bookstore/contract';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { catalogue } from '../apps/api/src/modules/catalogue/index.ts';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bookstore_bench_1m';
let plans = [];
const query = pg.Pool.prototype.query;
pg.Pool.prototype.query = async function (config, values, callback) {
  const text = typeof config === 'string' ? config : config.text;
  const params =
    (typeof config === 'string' ? undefined : config.values) ?? (Array.isArray(values) ? values : undefined);
  if (/^\s*(select|with)\b/i.test(text) && !/^\s*select 1\b/i.test(text)) {
    const plan = await query.call(this, { text: `EXPLAIN (ANALYZE, BUFFERS) ${text}`, values: params });
    plans.push({ text: text.replace(/\s+/g, ' ').trim(), params, plan: plan.rows.map((r) => r['QUERY PLAN']) });
  }
  return query.call(this, config, values, callback);
};

const database = await openDatabase({ databaseUrl: url });
const { db } = database;
const list = (params) => bookListQuerySchema.parse(params);
// Book 654,321 at a million titles; on a smaller catalogue (`--books 100000`), the newest.
const [{ title }] = (
  await database.db.execute(
    `SELECT coalesce((SELECT title FROM books WHERE id = 654321), (SELECT title FROM books ORDER BY id DESC LIMIT 1)) AS title`,
  )
).rows;
const typo = process.env.EXPLAIN_TYPO ?? 'golden rivwr';
const CALLS = [
  ['First page, newest first (`/api/books/?page=1`)', () => catalogue.listBooks(db, list({ page: '1' }))],
  [
    'Page 500, asked alone: offset over the covering index (`/api/books/?page=500`)',
    () => catalogue.listBooks(db, list({ page: '500' })),
  ],
  [
    'Page 501 right after page 500: keyset (`/api/books/?page=501`)',
    () => catalogue.listBooks(db, list({ page: '501' })),
  ],
  ["An author's page (`/api/authors/anna-ashford/books/`)", () => catalogue.authorBooks(db, 'anna-ashford', list({}))],
  [
    `A typo search never asked before (\`/api/books/?keyword=${typo}\`)`,
    () => catalogue.listBooks(db, list({ keyword: typo })),
  ],
  [
    'A facet combination never asked before (`/api/books/?category=romance&book_type=eBook&price_max=12&in_stock=1&facets=1`)',
    () =>
      catalogue.listBooks(
        db,
        list({ category: 'romance', book_type: 'eBook', price_max: '12', in_stock: '1', facets: '1' }),
      ),
  ],
  [
    'A rarer facet combination never asked before (`/api/books/?category=gothic-horror&book_type=Spiral Bound&price_max=6&condition=Used&facets=1`)',
    () =>
      catalogue.listBooks(
        db,
        list({
          category: 'gothic-horror',
          book_type: 'Spiral Bound',
          price_max: '6',
          condition: 'Used',
          facets: '1',
        }),
      ),
  ],
  [
    `A book page's data (\`/book/${title}\`)`,
    async () => {
      const book = await catalogue.bookByTitle(db, title);
      await catalogue.related(db, book.id);
    },
  ],
];
console.log(`Plans measured ${new Date().toISOString()} on ${url.replace(/\/\/[^@]*@/, '//')}.\n`);
for (const [name, call] of CALLS.filter(([name]) => name.includes(process.env.EXPLAIN_ONLY ?? ''))) {
  plans = [];
  const started = performance.now();
  await call();
  console.log(
    `### ${name}\n\nThe call took ${(performance.now() - started).toFixed(1)} ms with its EXPLAINs (each statement runs twice).\n`,
  );
  for (const { text, params, plan } of plans) {
    console.log('```sql\n' + text + (params?.length ? `\n-- parameters: ${JSON.stringify(params)}` : '') + '\n```\n');
    console.log('```\n' + plan.join('\n') + '\n```\n');
  }
}
await database.close();
