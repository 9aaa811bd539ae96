import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { DatabaseHandle, PoolStats } from '../db/client.js';
import { rows } from '../db/rows.js';

/**
 * Prometheus metrics (docs/decisions/0030-metrics.md), served at /metrics on a listener of their own
 * (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 by default), never on the public port. Without
 * METRICS_PORT nothing here runs.
 *
 * Two kinds: what this process sees (request durations, the pool, Node's own metrics) lives in a
 * registry of its own; what the shop has done (orders, money, outbox, mail) is read from the database
 * at each scrape, so every process reports the same, correct totals whoever did the work. A query that
 * fails leaves its metrics out of that scrape (and is logged); the scrape itself still answers.
 */
export interface Metrics {
  registry: Registry;
  /** The port the listener is bound to (the one chosen when METRICS_PORT is 0). */
  port: number;
  /** Counts one answered request: its method, route pattern (never the raw address) and status. */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  /** The whole scrape: this process's metrics, then the database's. */
  scrape(): Promise<string>;
  close(): Promise<void>;
}

/** The route label of a request no route matched (404s of unknown addresses, answers before routing). */
export const UNMATCHED_ROUTE = 'unmatched';

/** A scrape's database queries give up after this, so a stuck database cannot hold scrapes open. */
const QUERY_DEADLINE_MS = 5_000;

/**
 * Opens the metrics listener. Any process may call it (the web server through the plugin below, or
 * a process that runs only the outbox worker, with its own database handle).
 */
export async function startMetrics(options: {
  config: NonNullable<Config['metrics']>;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
}): Promise<Metrics> {
  const { database, log } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const pool = database.poolStats;
  if (pool) {
    const poolGauge = (name: string, help: string, pick: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(pick(pool()));
        },
      });
    poolGauge('db_pool_connections_total', 'PostgreSQL connections this process holds open.', (s) => s.total);
    poolGauge('db_pool_connections_idle', 'Of those, connections not in use.', (s) => s.idle);
    poolGauge('db_pool_waiting_queries', 'Queries waiting for a free connection of the pool.', (s) => s.waiting);
  }

  const scrape = async () => {
    const own = await registry.metrics();
    const shop = await shopMetrics(database, log);
    return `${own}\n${shop}`;
  };

  const server = createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (url !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: try /metrics\n');
      return;
    }
    scrape().then(
      (body) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics: the scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The scrape failed\n');
      },
    );
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.config.port, options.config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  log.info(`Metrics at http://${options.config.host}:${port}/metrics`);

  return {
    registry,
    port,
    scrape,
    observeRequest(method, route, statusCode, seconds) {
      duration.observe(
        { method, route: route ?? UNMATCHED_ROUTE, status_class: `${Math.floor(statusCode / 100)}xx` },
        seconds,
      );
    },
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when METRICS_PORT is set. */
    metrics?: Metrics;
  }
}

/** The web server's side: times every answer, and opens and closes the listener with the app. */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.metrics) return;
  const metrics = await startMetrics({ config: app.config.metrics, database: app.database, log: app.log });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', () => metrics.close());
});

/**
 * What the shop has done, from the database, in a registry made for this scrape: a query that fails
 * leaves only its own metrics out. Each query reads indexes or one pass over a table (see the decision).
 */
async function shopMetrics(database: DatabaseHandle, log: FastifyBaseLogger): Promise<string> {
  const registry = new Registry();
  const counter = (name: string, help: string, value: number) =>
    new Counter({ name, help, registers: [registry] }).inc(value);
  const gauge = (name: string, help: string, value: number) =>
    new Gauge({ name, help, registers: [registry] }).set(value);
  const query = async <T>(what: string, q: ReturnType<typeof sql>, use: (row: T) => void) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${QUERY_DEADLINE_MS} ms`)), QUERY_DEADLINE_MS);
      });
      const [row] = await Promise.race([rows<T>(database.db, q), deadline]);
      if (row) use(row);
    } catch (err) {
      log.warn({ err }, `metrics: could not read ${what}; left out of this scrape`);
    } finally {
      clearTimeout(timer);
    }
  };
  const n = (v: unknown) => Number(v ?? 0);

  await Promise.all([
    query<Record<string, string | null>>(
      'orders',
      sql`select count(*) as placed,
                 count(paid_at) as paid,
                 count(cancelled_at) as cancelled,
                 coalesce(sum(total_cents) filter (where paid_at is not null), 0) as taken
          from orders`,
      (r) => {
        counter('orders_placed_total', 'Orders placed (checkout accepted), ever.', n(r.placed));
        counter('orders_paid_total', 'Orders paid, ever.', n(r.paid));
        counter('orders_cancelled_total', 'Orders cancelled, ever.', n(r.cancelled));
        counter(
          'payments_taken_cents_total',
          'Money taken for paid orders, in cents of the store currency.',
          n(r.taken),
        );
      },
    ),
    query<Record<string, string | null>>(
      'refunds',
      sql`select count(distinct order_id) as orders, coalesce(sum(amount_cents), 0) as cents
          from refunds where status = 'succeeded'`,
      (r) => {
        counter('orders_refunded_total', 'Orders with money given back (one refund or more), ever.', n(r.orders));
        counter('refunds_cents_total', 'Money given back by refunds the provider accepted, in cents.', n(r.cents));
      },
    ),
    query<Record<string, string | null>>(
      'the outbox',
      sql`select
            (select count(distinct event_id) from outbox_deliveries where status = 'pending') as pending,
            (select count(*) from outbox_deliveries where status = 'dead') as dead,
            (select extract(epoch from now() - min(e.created_at))
              from outbox_deliveries d join outbox_events e on e.id = d.event_id
              where d.status = 'pending') as oldest`,
      (r) => {
        gauge('outbox_events_pending', 'Outbox events with a delivery still to make.', n(r.pending));
        gauge('outbox_deliveries_dead', 'Outbox deliveries that failed every attempt (staff may retry).', n(r.dead));
        gauge(
          'outbox_oldest_pending_age_seconds',
          'Age of the oldest event with a delivery still to make (0: none).',
          Math.max(0, n(r.oldest)),
        );
      },
    ),
    query<Record<string, string | null>>(
      'mail',
      sql`select count(*) filter (where status = 'sent') as sent,
                 count(*) filter (where status = 'failed') as failed,
                 count(*) filter (where status = 'pending') as pending
          from mail_messages where status in ('sent', 'failed', 'pending')`,
      (r) => {
        counter('mail_sent_total', 'E-mails sent, ever.', n(r.sent));
        gauge('mail_failed_messages', 'E-mails whose every attempt failed and that were not sent again.', n(r.failed));
        gauge('mail_pending_messages', 'E-mails waiting to be sent.', n(r.pending));
      },
    ),
    query<Record<string, string | null>>(
      'the scheduled jobs',
      sql`select coalesce(sum(runs), 0) as runs,
                 coalesce(sum(failures), 0) as failures,
                 extract(epoch from now() - min(due_at)
                   filter (where running_until is null or running_until < now())) as late
          from scheduled_jobs`,
      (r) => {
        counter(
          'scheduled_job_runs_total',
          'Runs of the scheduled jobs (src/jobs.ts), on every worker, ever.',
          n(r.runs),
        );
        counter(
          'scheduled_job_failures_total',
          'Of those, runs that failed (the job runs again at its next time).',
          n(r.failures),
        );
        gauge(
          'scheduled_jobs_overdue_seconds',
          'How long the most overdue scheduled job has waited past its time with no worker running it (0: none).',
          Math.max(0, n(r.late)),
        );
      },
    ),
  ]);
  return registry.metrics();
}
