import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The one place that reads the environment. Everything is validated at start-up and every problem is
 * reported at once, so a misconfigured server never half-starts. `.env.example` lists each variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  BACKUP_DIR: z.string().min(1).default('./backups'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  STORE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD')
    .default('USD'),
  PUBLIC_URL: optionalText.pipe(z.url('must be an absolute URL such as https://books.example.com').optional()),
  ALLOWED_HOSTS: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  DOWNLOAD_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  EBOOK_MAX_MB: z.coerce.number().int('must be a whole number of megabytes').min(1).max(2048).default(50),
  CORS_ORIGINS: optionalText,
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis://')
      .optional(),
  ),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,40}$/i, 'must be letters, digits, - or _ (at most 41)')
    .default('bookstore'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
  PAYSTACK_SECRET_KEY: optionalText,
  PAYSTACK_PUBLIC_KEY: optionalText,
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  RESERVATION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(1000).default(5),
  MAX_HELD_COPIES: z.coerce.number().int().min(1).max(100_000).default(50),
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  // Its default follows NODE_ENV (true, false in production): see loadConfig.
  SEED_DEMO: bool.optional(),
  ROLE: z
    .enum(['web', 'worker', 'all'], 'must be web (requests only), worker (background work only) or all (both)')
    .default('all'),
  MIGRATE_ON_START: bool.default(true),
  EMBEDDED_IN_PRODUCTION: bool.default(false),
  CATALOGUE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  SESSION_CHECK_SECONDS: z.coerce.number().min(0).max(60).default(5),
  OUTBOX_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must start with smtp:// or smtps:// (user and password in the URL)')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  CONTACT_TO: optionalText.pipe(z.email('must be an email address').optional()),
  SHOP_NAME: optionalText,
  SHOP_ADDRESS: optionalText,
  REQUIRE_VERIFIED_EMAIL_TO_ORDER: bool.default(false),
  WEB_DIST: optionalText,
  TRUST_PROXY: bool.default(false),
  METRICS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  METRICS_HOST: optionalText,
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(z.url('must be an http(s) address').optional()),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  /** DATA_DIR/files: eBook files, never served by /media/ (modules/downloads). */
  filesDir: string;
  /** Where `npm run backup` writes its archives. */
  backupDir: string;
  databaseUrl?: string;
  currency: string;
  publicUrl?: string;
  /** Hosts (host or host:port) absolute URLs may be built from when PUBLIC_URL is not set. */
  allowedHosts: string[];
  logLevel: Env['LOG_LEVEL'];
  admin?: { email: string; password: string };
  jwtSecret: string;
  /** Signs eBook download links (modules/downloads/links.ts). */
  downloadSecret: string;
  /** The largest eBook file staff may upload (EBOOK_MAX_MB). */
  ebookMaxBytes: number;
  corsOrigins: string[];
  redisUrl?: string;
  /** Starts every key this store keeps in Redis, so two stores (or test runs) on one Redis never share counts. */
  redisKeyPrefix: string;
  payment: {
    provider: Env['PAYMENT_PROVIDER'];
    paystackSecretKey?: string;
    paystackPublicKey?: string;
    paystackBaseUrl: string;
  };
  reservationMinutes: number;
  /** Unpaid orders still holding copies that one account may have at once. */
  maxOpenOrders: number;
  /** Copies one account may hold in unpaid orders at once. */
  maxHeldCopies: number;
  /** Accounts one address may create in an hour. */
  signupsPerHour: number;
  seedDemo: boolean;
  /**
   * What this process does: `web` answers requests and runs no background work, `worker` runs the
   * event dispatcher and every scheduled job and answers only /healthz and /readyz, `all` both
   * (docs/decisions/0029-roles-and-production-settings.md).
   */
  role: 'web' | 'worker' | 'all';
  /** Migrate the database as the process starts; otherwise refuse to start on a database not migrated (`npm run migrate`). */
  migrateOnStart: boolean;
  /** Longest a catalogue answer may be reused (0: never); every catalogue write clears every process's answers. */
  answerCacheSeconds: number;
  /** The longest a whole request (headers and body) may take to arrive; slower clients get a 408. */
  requestTimeoutSeconds: number;
  /** How long a process may reuse "this session is still open" before asking the database again. */
  sessionCheckSeconds: number;
  /**
   * How long one attempt of an event subscriber may run; after it the attempt has failed, and a
   * delivery claimed by a process that died is taken up again (modules/events/dispatcher.ts).
   */
  outboxLeaseSeconds: number;
  mail: {
    /** SMTP server (smtp:// or smtps://, credentials in the URL); without it each message is a .eml file in `dir`. */
    smtpUrl?: string;
    /** The From header: MAIL_FROM, else the shop's name at no-reply@ the public host. */
    from: string;
    /** Where contact-form messages go: CONTACT_TO, else the first staff account's address. */
    contactTo?: string;
    /** DATA_DIR/mail: the file transport's messages. */
    dir: string;
  };
  /** The shop's name and postal address, in every e-mail's layout. */
  shop: { name: string; address: string };
  /** Checkout asks for a verified e-mail address (against stock hoarding by throwaway accounts). */
  requireVerifiedEmailToOrder: boolean;
  /** The storefront's built files (WEB_DIST, else apps/web/dist beside this package). */
  webDist: string;
  trustProxy: boolean;
  /**
   * Prometheus metrics on a listener of their own (METRICS_PORT, METRICS_HOST), never the public port;
   * absent: no listener (plugins/metrics.ts). Port 0 takes any free port.
   */
  metrics?: { port: number; host: string };
  /**
   * OpenTelemetry traces sent over OTLP/HTTP to this collector (OTEL_EXPORTER_OTLP_ENDPOINT, the
   * standard variable; the other OTEL_* variables apply too); absent: nothing of the SDK is loaded
   * (ops/tracing.ts, docs/decisions/0031-traces.md).
   */
  tracing?: { endpoint: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment. Throws a ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      problems.push(`${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`);
    }
  }
  const env = parsed.data;
  if (env) {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be given together');
    }
    if (env.PAYMENT_PROVIDER === 'paystack' && (!env.PAYSTACK_SECRET_KEY || !env.PAYSTACK_PUBLIC_KEY)) {
      problems.push('PAYMENT_PROVIDER=paystack needs PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY');
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      problems.push('METRICS_PORT must not be PORT: metrics are never served on the public port');
    }
  }
  // Read from the variables as given, so that these are listed beside any other problem.
  const given = (name: string) => source[name]?.trim() || undefined;
  if (given('NODE_ENV') === 'production' && !['true', '1', 'yes'].includes(given('EMBEDDED_IN_PRODUCTION') ?? '')) {
    // A store for the public: its address, a key of its own and a real database, named by the operator.
    const missing = [
      !given('PUBLIC_URL') && 'PUBLIC_URL (the address shoppers use, e.g. https://books.example.com)',
      !given('JWT_SECRET') && 'JWT_SECRET (32+ characters, the same in every process)',
      !given('DATABASE_URL') && 'DATABASE_URL (postgres://…)',
    ].filter((m): m is string => Boolean(m));
    for (const m of missing) problems.push(`NODE_ENV=production needs ${m}; or set EMBEDDED_IN_PRODUCTION=true`);
  }
  if (problems.length > 0 || !env) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  const jwtSecret = env.JWT_SECRET ?? persistentSecret(dataDir, 'jwt');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    filesDir: path.join(dataDir, 'files'),
    backupDir: path.resolve(env.BACKUP_DIR),
    databaseUrl: env.DATABASE_URL,
    currency: env.STORE_CURRENCY,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ''),
    allowedHosts: (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    jwtSecret,
    // Without its own, the download key is drawn from the token key: another key, from the same secret.
    downloadSecret: env.DOWNLOAD_SECRET ?? createHmac('sha256', jwtSecret).update('download links').digest('base64url'),
    ebookMaxBytes: env.EBOOK_MAX_MB * 1024 * 1024,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    payment: {
      provider: env.PAYMENT_PROVIDER,
      paystackSecretKey: env.PAYSTACK_SECRET_KEY,
      paystackPublicKey: env.PAYSTACK_PUBLIC_KEY,
      paystackBaseUrl: env.PAYSTACK_BASE_URL.replace(/\/$/, ''),
    },
    reservationMinutes: env.RESERVATION_MINUTES,
    maxOpenOrders: env.MAX_OPEN_ORDERS,
    maxHeldCopies: env.MAX_HELD_COPIES,
    signupsPerHour: env.SIGNUPS_PER_HOUR,
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    role: env.ROLE,
    migrateOnStart: env.MIGRATE_ON_START,
    answerCacheSeconds: env.CATALOGUE_CACHE_SECONDS,
    sessionCheckSeconds: env.SESSION_CHECK_SECONDS,
    requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
    outboxLeaseSeconds: env.OUTBOX_LEASE_SECONDS,
    mail: {
      smtpUrl: env.SMTP_URL,
      from:
        env.MAIL_FROM ??
        `"${(env.SHOP_NAME ?? 'Bookstore').replace(/["\\]/g, '')}" <no-reply@${mailHost(env.PUBLIC_URL)}>`,
      contactTo: env.CONTACT_TO,
      dir: path.join(dataDir, 'mail'),
    },
    shop: { name: env.SHOP_NAME ?? 'Bookstore', address: env.SHOP_ADDRESS ?? '' },
    requireVerifiedEmailToOrder: env.REQUIRE_VERIFIED_EMAIL_TO_ORDER,
    webDist: path.resolve(env.WEB_DIST ?? path.join(apiRoot(), '..', 'web', 'dist')),
    trustProxy: env.TRUST_PROXY,
    metrics:
      env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST ?? '127.0.0.1' },
    tracing: env.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT } : undefined,
  };
}

/**
 * Reads `.env` in the working folder into process.env, if there is one; a variable already set in the
 * environment wins. Called by the entry points (the server and the operator commands), never by
 * loadConfig, so tests never read a stray .env.
 */
export function loadEnvFileIfPresent(file = path.resolve('.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** The host part of the default From address: PUBLIC_URL's host, else localhost. */
function mailHost(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : 'localhost';
}

/** apps/api, found from wherever this file ended up (source or bundle). */
export function apiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@bookstore/api') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @bookstore/api package folder');
    dir = parent;
  }
}

/**
 * A secret that was not given is generated once and kept in DATA_DIR, so a restart does not sign
 * everyone out. Several processes may start at once: the first writer wins and the rest read it.
 */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets.json');
  mkdirSync(dataDir, { recursive: true });
  const read = (): Record<string, string> => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
  const secrets = read();
  if (secrets[name]) return secrets[name];
  secrets[name] = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: existsSync(file) ? 'w' : 'wx' });
  } catch {
    // another process wrote it first; theirs is the one everybody uses
  }
  return read()[name] ?? secrets[name];
}

/** A configuration for tests: defaults, an isolated data directory, and whatever the test overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(process.env.TMPDIR ?? '/tmp', `bookstore-test-${process.pid}`),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DOWNLOAD_SECRET: 'test-download-secret-test-download-secret-42',
    SEED_DEMO: 'false',
    // Test runs side by side on one Redis count their limits apart.
    REDIS_KEY_PREFIX: `bookstore-test-${process.env.BOOKSTORE_TEST_RUN ?? process.pid}`,
    // Tests write behind the server's back; the catalogue cache has its own tests.
    CATALOGUE_CACHE_SECONDS: '0',
    // The API alone, whether or not the storefront has been built: the tests of pages bring their own.
    WEB_DIST: path.join(process.env.TMPDIR ?? '/tmp', `bookstore-test-${process.pid}`, 'no-storefront'),
  });
  return { ...base, ...overrides };
}
