#!/usr/bin/env node
// `npm run bench:checkout`: checkout under load on PostgreSQL, with two server processes sharing one
// database (as behind a load balancer).
//   1. Throughput: signed-in buyers placing one-copy orders of a well-stocked book for a few seconds,
//      spread over both servers; reports orders per second and latency.
//   2. The rush: 200 buyers at once for the last 10 copies; exactly 10 orders must succeed, 190 be
//      refused, the stock must end at 0 and the order lines must add up to 10.
//   3. After the sale: 200 shoppers buy and pay (sandbox card); then 50 of them cancel (each asking
//      twice, on both servers) while staff ship every order (each twice, on both servers). At the end:
//      stock + copies sold - copies returned = starting stock, every refund recorded once (in the
//      shop and in the provider's ledger), and no order both shipped and cancelled.
//   4. The code race: 50 buyers at once with a promo code that has 10 uses left; exactly 10 orders
//      must carry it and 40 be refused with the code's message (docs/decisions/0019-sales-and-price-history.md).
// Needs PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL), default postgres://postgres@127.0.0.1:5432/postgres.
// A throwaway database is created and dropped. Options: --seconds=N (default 10), --concurrency=N (default 32),
// --buyers=N (default 200), --copies=N (default 10), --hot (every buyer orders the same book), --json (also write bench/results/checkout.json).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { args, freePort, startApiServer, writeResult } from './lib.mjs';

const SECONDS = Number(args.seconds ?? 10);
const CONCURRENCY = Number(args.concurrency ?? 32);
const BUYERS = Number(args.buyers ?? 200);
const COPIES = Number(args.copies ?? 10);
const JWT_SECRET = `bench-secret-${randomBytes(24).toString('hex')}`;
const adminUrl =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const dbName = `bookstore_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const work = mkdtempSync(path.join(tmpdir(), 'bookstore-bench-'));
const servers = [];

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startServer(port, index) {
  const { base } = await startApiServer(
    port,
    {
      DATABASE_URL: dbUrl,
      DATA_DIR: path.join(work, `server-${index}`),
      JWT_SECRET,
      PAYMENT_PROVIDER: 'sandbox',
      WEB_DIST: path.join(work, 'no-web'),
      // Behind a load balancer: each buyer's own address comes in X-Forwarded-For (holds are capped per address).
      TRUST_PROXY: 'true',
    },
    { name: `server ${index}`, started: (child) => servers.push(child) },
  );
  return base;
}

async function cleanup() {
  for (const child of servers) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(servers.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await admin(`drop database if exists "${dbName}" with (force)`).catch(() => {});
  rmSync(work, { recursive: true, force: true });
}

const key = new TextEncoder().encode(JWT_SECRET);
// An access token of a real sign-in session (the server refuses tokens without one).
const token = (id, username, sid, isStaff = false) =>
  new SignJWT({ username, is_staff: isStaff, token_type: 'access', sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(id))
    .setIssuer('bookstore')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);

async function createBuyers(db, n, prefix, isStaff = false) {
  const { rows } = await db.query(
    `insert into users (email, username, password_hash, is_staff)
     select '${prefix}' || g || '@bench.test', '${prefix}' || g, 'x', $2 from generate_series(1, $1) g
     returning id, username`,
    [n, isStaff],
  );
  const { rows: sessions } = await db.query(
    `insert into refresh_tokens (id, family_id, user_id, expires_at)
     select gen_random_uuid(), gen_random_uuid(), id, now() + interval '1 day' from unnest($1::int[]) id
     returning user_id, family_id`,
    [rows.map((r) => r.id)],
  );
  const sid = new Map(sessions.map((s) => [s.user_id, s.family_id]));
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      auth: `Bearer ${await token(r.id, r.username, sid.get(r.id), isStaff)}`,
      address: `10.${(r.id >> 16) & 255}.${(r.id >> 8) & 255}.${r.id & 255}`,
    })),
  );
}

async function createBook(db, title, stock, priceCents) {
  const { rows } = await db.query(
    `insert into books (title, slug, price_cents, regular_price_cents, stock_amount) values ($1, $2, $3, $3, $4) returning id`,
    [title, title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), priceCents, stock],
  );
  return rows[0].id;
}

async function order(base, { auth, address }, bookId, priceCents, code) {
  const started = performance.now();
  const res = await fetch(`${base}/api/orders/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: auth, 'x-forwarded-for': address },
    body: JSON.stringify({
      total_price: (code ? code.totalCents : priceCents) / 100,
      status: 'pending',
      items: [{ book: bookId, quantity: 1, price: priceCents / 100 }],
      ...(code ? { promo_code: code.code } : {}),
    }),
  });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, ms: performance.now() - started, error: body.error };
}

// A 503 (the server is out of database connections for a moment, on a busy machine) says Retry-After:
// the client tries again, as a browser's would, up to 5 times.
async function call(base, who, method, url, body, tries = 5) {
  const answer = await callOnce(base, who, method, url, body);
  if (answer.status !== 503 || tries <= 1) return answer;
  await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000));
  return call(base, who, method, url, body, tries - 1);
}

async function callOnce(base, { auth, address }, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: auth,
      'x-forwarded-for': address,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return { status: res.status, json };
}

/** 3. After the sale: buy and pay, then cancels racing shipments, on both servers. */
async function afterTheSale(db, bases) {
  const SHOPPERS = 200;
  const CANCELLERS = 50;
  const START = 1000;
  const price = 1000;
  const book = await createBook(db, 'Bench After The Sale', START, price);
  const shoppers = await createBuyers(db, SHOPPERS, 'bench_after_');
  const [staff] = await createBuyers(db, 1, 'bench_staff_', true);
  const server = (i) => bases[i % 2];

  // Buy and pay: one or two copies each, on alternating servers.
  const bought = await Promise.all(
    shoppers.map(async (shopper, i) => {
      const quantity = 1 + (i % 2);
      const placed = await call(server(i), shopper, 'POST', '/api/orders/', {
        total_price: (price * quantity) / 100,
        items: [{ book, quantity, price: price / 100 }],
      });
      if (placed.status !== 201) return { shopper, ok: false, why: `order ${placed.status}` };
      const id = placed.json.id;
      const init = await call(server(i + 1), shopper, 'POST', '/api/payments/initialize/', { order_id: id });
      if (init.status !== 200) return { shopper, ok: false, why: `initialize ${init.status}` };
      const charged = await call(server(i), shopper, 'POST', '/api/payments/sandbox/charge/', {
        reference: init.json.reference,
        card_number: '4084 0840 8408 4081',
        expiry: '12/39',
        cvv: '408',
      });
      if (charged.status !== 200) return { shopper, ok: false, why: `charge ${charged.status}` };
      const verified = await call(server(i + 1), shopper, 'POST', '/api/verify-payment/', {
        reference: init.json.reference,
        order_id: id,
      });
      return { shopper, id, ok: verified.status === 200, why: `verify ${verified.status}` };
    }),
  );
  const paid = bought.filter((b) => b.ok);

  // 50 shoppers cancel (each asks twice, once per server) while staff ship the rest, and try theirs too.
  const cancellers = paid.slice(0, CANCELLERS);
  const t0 = performance.now();
  const [cancels, ships] = await Promise.all([
    Promise.all(
      cancellers.flatMap((b, i) =>
        [0, 1].map((k) => call(server(i + k), b.shopper, 'POST', `/api/orders/${b.id}/cancel/`)),
      ),
    ),
    // Staff: 8 at work, through the orders in turn (the others first, then the cancellers' own: those
    // race the cancels), each order shipped twice at once, once per server.
    (async () => {
      const queue = [...paid.slice(CANCELLERS), ...cancellers];
      const answers = [];
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let b = queue.shift(); b; b = queue.shift()) {
            const parcel = { carrier: 'UPS', tracking_number: `1Z${String(b.id).padStart(8, '0')}` };
            answers.push(
              ...(await Promise.all(
                [0, 1].map((k) => call(server(b.id + k), staff, 'POST', `/api/admin/orders/${b.id}/ship/`, parcel)),
              )),
            );
          }
        }),
      );
      return answers;
    })(),
  ]);
  const raceMs = performance.now() - t0;
  const tally = (list) => list.reduce((t, r) => ({ ...t, [r.status]: (t[r.status] ?? 0) + 1 }), {});

  const ids = paid.map((b) => b.id);
  // A refund the provider could not take at once stays pending and is sent again by the servers'
  // retry (every minute): wait for it, as staff would.
  let pending = 0;
  for (let waited = 0; waited < 180; waited += 5) {
    pending = (await db.query(`select count(*)::int as n from refunds where status = 'pending'`)).rows[0].n;
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 5000));
  }
  const {
    rows: [stock],
  } = await db.query(
    `select b.stock_amount::int as stock,
            (select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.book_id = b.id) as sold,
            (select coalesce(sum(oi.quantity), 0)::int from order_items oi join orders o on o.id = oi.order_id
              where oi.book_id = b.id and o.stock_released) as returned
     from books b where b.id = $1`,
    [book],
  );
  const {
    rows: [orders],
  } = await db.query(
    `select count(*) filter (where fulfilment_status = 'cancelled')::int as cancelled,
            count(*) filter (where fulfilment_status = 'shipped')::int as shipped,
            count(*) filter (where fulfilment_status = 'cancelled' and carrier is not null)::int as cancelled_with_carrier,
            (select count(*)::int from (select order_id from order_events where order_id = any($1)
               group by order_id having bool_or(type = 'shipped') and bool_or(type = 'cancelled')) x) as both_in_history,
            (select count(*)::int from (select order_id from order_events where order_id = any($1) and type = 'shipped'
               group by order_id having count(*) > 1) x) as shipped_twice,
            coalesce(sum(refunded_cents), 0)::int as refunded_cents,
            count(*) filter (where fulfilment_status = 'cancelled' and refunded_cents <> total_cents)::int as cancelled_not_refunded
     from orders where id = any($1)`,
    [ids],
  );
  const {
    rows: [refunds],
  } = await db.query(
    `select count(*)::int as refunds,
            count(distinct order_id)::int as orders,
            coalesce(sum(amount_cents), 0)::int as cents,
            count(*) filter (where status = 'pending')::int as pending,
            count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status <> 'succeeded')::int as not_succeeded,
            (select coalesce(sum(jsonb_array_length(coalesce(p.provider_response->'refunds', '[]'::jsonb))), 0)::int
               from payments p where p.order_id = any($1)) as in_provider_ledger
     from refunds where order_id = any($1)`,
    [ids],
  );
  const checks = {
    stockAddsUp: stock.stock + stock.sold - stock.returned === START,
    refundsOnce:
      refunds.refunds === orders.cancelled &&
      refunds.orders === orders.cancelled &&
      refunds.in_provider_ledger === refunds.refunds &&
      refunds.cents === orders.refunded_cents &&
      refunds.not_succeeded === 0 &&
      orders.cancelled_not_refunded === 0,
    neverShippedAndCancelled: orders.both_in_history === 0 && orders.cancelled_with_carrier === 0,
    everyOrderDone: orders.cancelled + orders.shipped === paid.length && orders.shipped_twice === 0,
  };
  return {
    shoppers: SHOPPERS,
    paid: paid.length,
    notPaid: bought.filter((b) => !b.ok).map((b) => b.why),
    cancellers: cancellers.length,
    cancelAnswers: tally(cancels),
    shipAnswers: tally(ships),
    raceMs: Math.round(raceMs),
    cancelled: orders.cancelled,
    shipped: orders.shipped,
    startingStock: START,
    stock: stock.stock,
    copiesSold: stock.sold,
    copiesReturned: stock.returned,
    refunds: refunds.refunds,
    refundedCents: refunds.cents,
    refundsPending: refunds.pending,
    refundsFailed: refunds.failed,
    providerLedgerRefunds: refunds.in_provider_ledger,
    checks,
    ok: Object.values(checks).every(Boolean) && paid.length === SHOPPERS,
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  await admin(`create database "${dbName}"`);
  const [portA, portB] = [await freePort(), await freePort()];
  // The first server migrates; the second waits on the migration lock and finds nothing to do.
  const bases = await Promise.all([startServer(portA, 0), startServer(portB, 1)]);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const price = 1299;

    // 1. Throughput
    // One well-stocked book per buyer (a shop sells many titles at once), or, with --hot, one book for
    // everybody: the worst case, where every order queues for the same row lock.
    const regulars = await createBuyers(db, CONCURRENCY, 'bench_regular_');
    const hot = args.hot === 'true';
    const shelf = [];
    for (let i = 0; i < (hot ? 1 : CONCURRENCY); i++)
      shelf.push(await createBook(db, `Bench Stocked Book ${i}`, 10_000_000, price));
    const bookFor = (i) => shelf[i % shelf.length];
    // Warm up both servers (JIT, pools).
    await Promise.all(regulars.slice(0, 8).map((b, i) => order(bases[i % 2], b, bookFor(i), price)));
    const latencies = [];
    const statuses = {};
    const deadline = performance.now() + SECONDS * 1000;
    const t0 = performance.now();
    await Promise.all(
      regulars.map(async (buyer, i) => {
        let n = i;
        while (performance.now() < deadline) {
          const r = await order(bases[n++ % 2], buyer, bookFor(i), price);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          latencies.push(r.ms);
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const placed = statuses[201] ?? 0;
    const throughput = {
      seconds: Number(elapsed.toFixed(2)),
      concurrency: CONCURRENCY,
      servers: 2,
      books: shelf.length,
      orders: placed,
      ordersPerSecond: Number((placed / elapsed).toFixed(1)),
      statuses,
      latencyMs: {
        p50: Number(percentile(latencies, 50).toFixed(1)),
        p95: Number(percentile(latencies, 95).toFixed(1)),
        p99: Number(percentile(latencies, 99).toFixed(1)),
      },
    };

    // 2. The rush for the last copies
    const scarce = await createBook(db, 'Bench Last Copies', COPIES, price);
    const rushers = await createBuyers(db, BUYERS, 'bench_rush_');
    const r0 = performance.now();
    const results = await Promise.all(rushers.map((b, i) => order(bases[i % 2], b, scarce, price)));
    const rushMs = performance.now() - r0;
    const count = (s) => results.filter((r) => r.status === s).length;
    const {
      rows: [after],
    } = await db.query(
      `select b.stock_amount, coalesce((select sum(quantity) from order_items where book_id = b.id), 0)::int as sold,
              (select count(distinct order_id) from order_items where book_id = b.id)::int as orders
       from books b where b.id = $1`,
      [scarce],
    );
    const rush = {
      buyers: BUYERS,
      copies: COPIES,
      succeeded: count(201),
      refused: count(422),
      other: results.length - count(201) - count(422),
      stockAfter: after.stock_amount,
      copiesInOrders: after.sold,
      ordersInDatabase: after.orders,
      wallMs: Math.round(rushMs),
    };
    const ok =
      rush.succeeded === COPIES &&
      rush.refused === BUYERS - COPIES &&
      rush.other === 0 &&
      rush.stockAfter === 0 &&
      rush.copiesInOrders === COPIES &&
      rush.ordersInDatabase === COPIES;

    // 4. The code race: 50 buyers, one code with 10 uses left (12 uses, 2 already taken by paid orders).
    const CODE_BUYERS = 50;
    const stocked = await createBook(db, 'Bench Code Book', 10_000, price);
    const {
      rows: [promo],
    } = await db.query(
      `insert into promo_codes (code, kind, amount, max_uses) values ('BENCH10', 'percent', 10, 12) returning id`,
    );
    const earlier = await createBuyers(db, 2, 'bench_earlier_');
    for (const buyer of earlier) {
      await db.query(
        `insert into orders (user_id, status, payment_status, total_cents, currency, reserved_until, paid_at, promo_code_id, promo_code)
         values ($1, 'completed', 'success', 0, 'USD', now(), now(), $2, 'BENCH10')`,
        [buyer.id, promo.id],
      );
    }
    const coders = await createBuyers(db, CODE_BUYERS, 'bench_code_');
    const withCode = { code: 'BENCH10', totalCents: price - Math.round(price * 0.1) };
    const c0 = performance.now();
    const coded = await Promise.all(coders.map((b, i) => order(bases[i % 2], b, stocked, price, withCode)));
    const codeMs = performance.now() - c0;
    const {
      rows: [carried],
    } = await db.query(
      `select count(*)::int as n from orders where promo_code_id = $1 and payment_status <> 'success'`,
      [promo.id],
    );
    const usedUp = coded.filter(
      (r) => r.status === 422 && r.error === 'This code has already been used as many times as it can be.',
    ).length;
    const race = {
      buyers: CODE_BUYERS,
      usesLeft: 10,
      succeeded: coded.filter((r) => r.status === 201).length,
      refusedUsedUp: usedUp,
      other: coded.filter((r) => r.status !== 201 && !(r.status === 422 && r.error?.startsWith('This code'))).length,
      ordersWithCode: carried.n,
      wallMs: Math.round(codeMs),
    };
    const raceOk =
      race.succeeded === 10 &&
      race.refusedUsedUp === CODE_BUYERS - 10 &&
      race.other === 0 &&
      race.ordersWithCode === 10;
    // 3. After the sale
    const sale = args['skip-after'] === 'true' ? null : await afterTheSale(db, bases);

    const report = {
      database: 'postgresql',
      date: new Date().toISOString(),
      throughput,
      rush,
      afterTheSale: sale,
      race,
      ok: ok && raceOk && (sale?.ok ?? true),
    };
    console.log('\nCheckout benchmark (PostgreSQL, 2 server processes)');
    console.log(
      `  throughput: ${throughput.ordersPerSecond} orders/s (${throughput.orders} orders in ${throughput.seconds}s, ` +
        `${CONCURRENCY} concurrent buyers, ${shelf.length} book${shelf.length === 1 ? '' : 's'}; p50 ${throughput.latencyMs.p50} ms, p95 ${throughput.latencyMs.p95} ms, p99 ${throughput.latencyMs.p99} ms; statuses ${JSON.stringify(statuses)})`,
    );
    console.log(
      `  rush: ${BUYERS} buyers for ${COPIES} copies -> ${rush.succeeded} succeeded, ${rush.refused} refused, ${rush.other} other; ` +
        `stock after ${rush.stockAfter}, copies in orders ${rush.copiesInOrders}, orders ${rush.ordersInDatabase} (${rush.wallMs} ms)`,
    );
    console.log(`  ${ok ? 'OK: no copy sold twice, none lost' : 'FAILED: the rush did not end as it must'}`);
    console.log(
      `  code race: ${CODE_BUYERS} buyers, a code with 10 uses left -> ${race.succeeded} succeeded, ${race.refusedUsedUp} refused "used up", ` +
        `${race.other} other; orders carrying the code ${race.ordersWithCode} (${race.wallMs} ms)`,
    );
    console.log(
      `  ${raceOk ? 'OK: the code was used exactly 10 times' : 'FAILED: the code race did not end as it must'}`,
    );

    if (sale) {
      console.log(
        `  after the sale: ${sale.shoppers} shoppers, ${sale.paid} paid; ${sale.cancellers} cancel (twice each) while staff ship the rest and try theirs too (twice each) ` +
          `-> ${sale.cancelled} cancelled, ${sale.shipped} shipped in ${sale.raceMs} ms; cancel answers ${JSON.stringify(sale.cancelAnswers)}, ship answers ${JSON.stringify(sale.shipAnswers)}` +
          (sale.notPaid.length ? `; not paid: ${JSON.stringify(sale.notPaid)}` : ''),
      );
      console.log(
        `  stock ${sale.stock} + copies sold ${sale.copiesSold} - copies returned ${sale.copiesReturned} = ${sale.stock + sale.copiesSold - sale.copiesReturned} (starting stock ${sale.startingStock}); ` +
          `refunds ${sale.refunds} (${(sale.refundedCents / 100).toFixed(2)}; ${sale.refundsPending} pending, ${sale.refundsFailed} failed), in the provider's ledger ${sale.providerLedgerRefunds}`,
      );
      console.log(
        `  ${sale.ok ? 'OK' : 'FAILED'}: ${Object.entries(sale.checks)
          .map(([name, held]) => `${name} ${held ? 'holds' : 'BROKEN'}`)
          .join(', ')}`,
      );
    }
    const allOk = ok && raceOk && (sale?.ok ?? true);
    if (args.json) {
      writeResult('checkout.json', JSON.stringify(report, null, 2));
    }
    process.exitCode = allOk ? 0 : 1;
  } finally {
    await db.end();
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void cleanup().finally(() => process.exit(130)));
}
try {
  await main();
} catch (err) {
  console.error('The checkout benchmark failed:', err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
