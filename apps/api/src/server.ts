import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadEnvFileIfPresent } from './config.js';
import { openDatabase } from './db/client.js';
import { openLogStream } from './lib/log.js';
import { markDataDirInUse } from './ops/backup.js';
import { startTracing } from './ops/tracing.js';
import { buildProbeServer, prepareStore, servesRequests } from './startup.js';

/**
 * How a terminal shows the logs: one short line each, the time of day first; a request's line says
 * its method and address, a reply's its status (other fields follow on the same line).
 */
const PRETTY_LOGS = {
  target: 'pino-pretty',
  options: {
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: '{msg}{if req.method}: {req.method} {req.url}{end}{if res.statusCode}: {res.statusCode}{end}',
    singleLine: true,
  },
};

/**
 * The process: configuration, database, listening and graceful shutdown. Everything about handling
 * requests lives in app.ts.
 */
async function main() {
  let config;
  try {
    loadEnvFileIfPresent();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // OpenTelemetry's SDK, loaded only with OTEL_EXPORTER_OTLP_ENDPOINT, before the database and the app
  // are made: both ask lib/tracing.ts whether to make spans.
  const tracing = await startTracing(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: `${config.dataDir}/pglite`,
  });
  // The embedded database belongs to this process while it runs: `npm run backup` waits for it to stop.
  const releaseDataDir = config.databaseUrl ? () => {} : markDataDirInUse(config.dataDir);
  process.on('exit', releaseDataDir);
  if (config.migrateOnStart) {
    await database.migrate();
  } else {
    // The migrations are a step of their own (`npm run migrate`): a store on an older schema would fail
    // request by request, so it does not start at all.
    const pending = await database.pendingMigrations();
    if (pending > 0) {
      console.error(
        `The database is not migrated: ${pending} migration${pending === 1 ? '' : 's'} to apply. ` +
          'Run `npm run migrate` first (or set MIGRATE_ON_START=true).',
      );
      await database.close();
      process.exit(1);
    }
  }
  // A person at a terminal reads pino-pretty's lines (written by a worker thread); a redirected log (a
  // file, a collector) stays JSON, one object a line, written in the background (lib/log.ts).
  const logs = openLogStream(process.stdout.isTTY ? PRETTY_LOGS : undefined);
  const app = await buildApp({ config, database, logger: { stream: logs.stream } });
  // A crash writes its reason, and every line still waiting, before the process ends.
  const fatal = (err: unknown) => {
    app.log.fatal({ err }, 'the store stopped on an unexpected error');
    logs.flush();
    process.exit(1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  await prepareStore(app);
  // A worker answers only its health checks; the store's requests are for the web processes.
  const server = servesRequests(config.role) ? app : await buildProbeServer(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      if (server !== app) await server.close();
      await app.close();
      await database.close();
    } finally {
      // The spans of the last requests and deliveries, sent before the process ends.
      await tracing?.close().catch(() => {});
      // Every line of the requests answered before the server closed, then the process ends.
      app.log.info({ signal }, 'stopped');
      await logs.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  if (server === app) {
    await app.listen({ port: config.port, host: config.host });
    app.log.info({ role: config.role }, `Bookstore is open at ${address}`);
  } else {
    await app.ready();
    await server.listen({ port: config.port, host: config.host });
    app.log.info(
      { role: config.role },
      `Bookstore worker running; its health checks answer at ${address}/healthz and /readyz`,
    );
  }
}

main().catch((err) => {
  console.error('The store could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
