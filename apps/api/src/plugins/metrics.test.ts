import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../config.js';
import { onPostgres, useTestApp } from '../test/app.js';
import { createBook, createUser, placeOrder } from '../test/factories.js';
import { charge, initialize, verify } from '../test/payments.js';
import { testScheduler } from '../test/scheduler.js';

/** One sample's value from a scrape: `name{labels} value`, the labels given in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(port: number, url = '/metrics') {
  const res = await fetch(`http://127.0.0.1:${port}${url}`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

describe('metrics on their own listener', () => {
  const ctx = useTestApp({ metrics: { port: 0, host: '127.0.0.1' } });

  it('serve request durations by route pattern, and the orders and outbox the database records', async () => {
    const { app } = ctx();
    const port = app.metrics!.port;
    expect(port).toBeGreaterThan(0);
    const before = await scrape(port);
    const placedBefore = sample(before.text, 'orders_placed_total') ?? 0;
    const paidBefore = sample(before.text, 'orders_paid_total') ?? 0;
    const takenBefore = sample(before.text, 'payments_taken_cents_total') ?? 0;

    const user = await createUser(app);
    const book = await createBook(app, { stock: 5, price: '10.00' });
    for (let i = 0; i < 3; i++) expect((await app.inject(`/api/books/${book.id}/related/`)).statusCode).toBe(200);
    expect((await app.inject('/api/nothing-here/')).statusCode).toBe(404);
    const placed = await placeOrder(app, user, [{ book, quantity: 2 }]);
    expect(placed.statusCode).toBe(201);
    const orderId = (placed.json() as { id: number }).id;
    const { reference } = (await initialize(app, user, orderId)).json() as { reference: string };
    await charge(app, user, reference);
    expect((await verify(app, user, orderId, reference)).json()).toMatchObject({ status: 'success' });

    const after = await scrape(port);
    expect(after.status).toBe(200);
    expect(after.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(after.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(
      sample(after.text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/books/:id/related/',
        status_class: '2xx',
      }),
    ).toBe(3);
    expect(
      sample(after.text, 'http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    // Never a raw address as a label.
    expect(after.text).not.toContain(`/api/books/${book.id}/related/`);
    expect(sample(after.text, 'orders_placed_total')).toBe(placedBefore + 1);
    expect(sample(after.text, 'orders_paid_total')).toBe(paidBefore + 1);
    expect(sample(after.text, 'payments_taken_cents_total')).toBe(takenBefore + 2000);
    expect(sample(after.text, 'orders_cancelled_total')).toBeGreaterThanOrEqual(0);
    expect(sample(after.text, 'refunds_cents_total')).toBeGreaterThanOrEqual(0);
    // The paid order's events wait for the dispatcher or are already delivered: either way, a number.
    expect(sample(after.text, 'outbox_events_pending')).toBeGreaterThanOrEqual(0);
    expect(sample(after.text, 'outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after.text, 'outbox_deliveries_dead')).toBeGreaterThanOrEqual(0);
    expect(sample(after.text, 'mail_sent_total')).toBeGreaterThanOrEqual(0);
    expect(sample(after.text, 'mail_failed_messages')).toBeGreaterThanOrEqual(0);
    expect(sample(after.text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after.text, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    if (onPostgres) expect(sample(after.text, 'db_pool_connections_total')).toBeGreaterThanOrEqual(1);
    else expect(after.text).not.toContain('db_pool_');
  });

  it('count an outbox event not yet delivered as pending, with its age', async () => {
    const { app } = ctx();
    // An event with a delivery nobody will claim yet (due tomorrow), written as recordEvent writes it.
    await app.db.execute(sql`with e as (
        insert into outbox_events (type, key, payload, created_at)
        values ('metrics.test', 'x', '{}', now() - interval '1 hour') returning id)
      insert into outbox_deliveries (event_id, subscriber, next_attempt_at)
      select id, 'metrics-test', now() + interval '1 day' from e`);
    const { text } = await scrape(app.metrics!.port);
    expect(sample(text, 'outbox_events_pending')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(3600);
  });

  it('count the scheduled jobs run and failed, and say how late the latest one is when no worker runs it', async () => {
    const { app } = ctx();
    const worker = await testScheduler(app, [
      { name: 'metrics-ok', schedule: '0 0 * * * *', run: async () => {} },
      {
        name: 'metrics-failing',
        schedule: '0 0 * * * *',
        run: async () => {
          throw new Error('no provider');
        },
      },
    ]);
    await worker.runDue();
    await worker.stop();
    let { text } = await scrape(app.metrics!.port);
    expect(sample(text, 'scheduled_job_runs_total')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'scheduled_job_failures_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'scheduled_jobs_overdue_seconds')).toBe(0);
    // No worker has run the jobs for ten minutes past their time.
    await app.db.execute(
      sql`update scheduled_jobs set due_at = now() - interval '10 minutes' where name = 'metrics-ok'`,
    );
    ({ text } = await scrape(app.metrics!.port));
    expect(sample(text, 'scheduled_jobs_overdue_seconds')).toBeGreaterThanOrEqual(600);
    await app.db.execute(sql`delete from scheduled_jobs where name like 'metrics-%'`);
  });

  it('leave out only the metrics of a query that fails; the scrape still answers', async () => {
    const { app } = ctx();
    await app.db.execute(sql`alter table mail_messages rename to mail_messages_away`);
    try {
      const { status, text } = await scrape(app.metrics!.port);
      expect(status).toBe(200);
      expect(sample(text, 'mail_sent_total')).toBeUndefined();
      expect(sample(text, 'orders_placed_total')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'outbox_events_pending')).toBeGreaterThanOrEqual(0);
    } finally {
      await app.db.execute(sql`alter table mail_messages_away rename to mail_messages`);
    }
  });

  it('are not on the public port, and the listener serves nothing but /metrics', async () => {
    const { app } = ctx();
    expect((await app.inject('/metrics')).statusCode).toBe(404);
    expect((await scrape(app.metrics!.port, '/')).status).toBe(404);
    const post = await fetch(`http://127.0.0.1:${app.metrics!.port}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('have their own registry: a second app in this process opens its own listener', async () => {
    const { app } = ctx();
    const { createTestApp } = await import('../test/app.js');
    const second = await createTestApp({ metrics: { port: 0, host: '127.0.0.1' } });
    try {
      expect(second.app.metrics!.port).not.toBe(app.metrics!.port);
      expect((await scrape(second.app.metrics!.port)).status).toBe(200);
    } finally {
      const port = second.app.metrics!.port;
      await second.close();
      // Closed with the app: nothing listens there any more.
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    }
  });
});

describe('metrics off (no METRICS_PORT)', () => {
  const ctx = useTestApp();

  it('open no listener, and /metrics on the public app is a 404', async () => {
    const { app } = ctx();
    expect(app.metrics).toBeUndefined();
    expect((await app.inject('/metrics')).statusCode).toBe(404);
  });

  it('is the default; METRICS_PORT turns it on, on 127.0.0.1 unless METRICS_HOST says otherwise', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/bookstore-metrics-config-test' };
    expect(loadConfig(base).metrics).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_PORT: '', METRICS_HOST: '' }).metrics).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: ' ' }).metrics?.host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
    expect(() => loadConfig({ ...base, METRICS_PORT: '3000', PORT: '3000' })).toThrow(/METRICS_PORT must not be PORT/);
    expect(() => loadConfig({ ...base, METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });
});

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords or labels. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const keywords = new Set(['and', 'or', 'unless', 'bool', 'offset']);
  return [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)]
    .map((m) => m[1]!)
    .filter((name) => !keywords.has(name) && !/^\d/.test(name));
}

describe('the example alert rules (deploy/prometheus/alerts.yml)', () => {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/prometheus/alerts.yml');
  const ctx = useTestApp({ metrics: { port: 0, host: '127.0.0.1' } });

  it('parse, and each rule has a name, a summary and an expression of metrics this server exports', async () => {
    const { app } = ctx();
    await app.inject('/healthz');
    const { text } = await scrape(app.metrics!.port);
    const exported = new Set([...text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]/gm)].map((m) => m[1]));
    const doc = parse(readFileSync(file, 'utf8')) as {
      groups: { name: string; rules: { alert: string; expr: string; annotations: { summary: string } }[] }[];
    };
    const rules = doc.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert).sort()).toEqual([
      'HighErrorRate',
      'MailFailing',
      'OutboxBacklog',
      'OutboxDeliveriesDead',
      'ScheduledJobsOverdue',
      'SlowRequests',
    ]);
    for (const rule of rules) {
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      const names = metricNames(String(rule.expr));
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(exported.has(name), `${rule.alert} reads ${name}`).toBe(true);
    }
  });

  // Debian's `prometheus` package brings promtool; where it is installed, it checks the rules too.
  const promtool = spawnSync('promtool', ['--version']).status === 0;
  it.skipIf(!promtool)('pass promtool check rules', () => {
    const result = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });
});
