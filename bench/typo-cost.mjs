// scratch: buffers and time per statement of fresh typo searches, via EXPLAIN (ANALYZE, BUFFERS)
import { bookListQuerySchema } from '@bookstore/contract';
import pg from 'pg';
const SRC = process.env.SRC ?? '../apps/api/src';
const { openDatabase } = await import(`${SRC}/db/client.ts`);
const { catalogue } = await import(`${SRC}/modules/catalogue/index.ts`);
const url = 'postgres://postgres@127.0.0.1:5432/bookstore_bench_1m';
let acc = null;
const query = pg.Pool.prototype.query;
pg.Pool.prototype.query = async function (config, values, callback) {
  const text = typeof config === 'string' ? config : config.text;
  const params = (typeof config === 'string' ? undefined : config.values) ?? (Array.isArray(values) ? values : undefined);
  if (acc && /^\s*(select|with)\b/i.test(text)) {
    const plan = (await query.call(this, { text: `EXPLAIN (ANALYZE, BUFFERS) ${text}`, values: params })).rows.map((r) => r['QUERY PLAN']);
    const b = plan.find((l) => /Buffers: shared/.test(l)) ?? '';
    const hit = Number(/hit=(\d+)/.exec(b)?.[1] ?? 0), read = Number(/read=(\d+)/.exec(b)?.[1] ?? 0);
    const ex = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
    const pl = Number(/Planning Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
    acc.push({ kind: text.includes('corrected') ? 'plan' : text.includes('similarity(search_normalize') ? 'similar' : 'search', buffers: hit + read, read, ex, pl });
  }
  return query.call(this, config, values, callback);
};
function freshTypos(titles, count) {
  const letters = 'abcdefghijklmnopqrstuvwxyz'; const seen = new Set(); const typos = [];
  for (let i = 0; typos.length < count && i < count * 20; i++) {
    const words = titles[i % titles.length].toLowerCase().replace(/[^a-z ]/g, ' ').split(/\s+/).filter((w) => w.length >= 4);
    if (words.length === 0) continue;
    const pair = words.slice(0, 2); const longest = pair.reduce((a, b) => (b.length > a.length ? b : a));
    const at = 1 + ((i * 7) % (longest.length - 2)); const letter = letters[(i * 11 + at) % 26];
    if (letter === longest[at]) continue;
    const typo = pair.join(' ').replace(longest, longest.slice(0, at) + letter + longest.slice(at + 1));
    if (seen.has(typo)) continue; seen.add(typo); typos.push(typo);
  }
  return typos;
}
const database = await openDatabase({ databaseUrl: url });
const { db } = database;
const sets = {
  bench: freshTypos((await db.execute(`select title from books where id % 2000 = 3 order by id limit 500`)).rows.map((r) => r.title).reverse(), 500).slice(0, Number(process.env.N ?? 100)),
  first: freshTypos((await db.execute(`select title from books where id % 997 = 0 order by id limit 100`)).rows.map((r) => r.title), 100),
};
const med = (a) => { const s = a.slice().sort((x, y) => x - y); return s.length ? s[s.length >> 1] : 0; };
const p = (a, q) => { const s = a.slice().sort((x, y) => x - y); return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0; };
for (const [name, typos] of Object.entries(sets)) {
  const per = []; let words = [];
  for (const typo of typos) {
    acc = [];
    const res = await catalogue.listBooks(db, bookListQuerySchema.parse({ keyword: typo }));
    per.push({ typo, stmts: acc, first: res.data[0]?.title, n: res.meta.count });
    acc = null;
  }
  const buf = per.map((x) => x.stmts.reduce((s, t) => s + t.buffers, 0));
  const ex = per.map((x) => x.stmts.reduce((s, t) => s + t.ex, 0));
  const pl = per.map((x) => x.stmts.reduce((s, t) => s + t.pl, 0));
  const fallbacks = per.filter((x) => x.stmts.some((t) => t.kind === 'similar')).length;
  console.log(`${SRC.includes('.base') ? 'main' : 'mine'} ${name}: ${typos.length} typos, buffers median ${med(buf)} p90 ${p(buf, 0.9)} max ${Math.max(...buf)}; exec ms median ${med(ex).toFixed(1)} p90 ${p(ex, 0.9).toFixed(1)} max ${Math.max(...ex).toFixed(1)}; planning ms median ${med(pl).toFixed(2)}; title-similarity fallbacks ${fallbacks}`);
  if (process.env.DUMP) for (const x of per) console.log(JSON.stringify({ typo: x.typo, n: x.n, first: x.first }));
}
await database.close();
