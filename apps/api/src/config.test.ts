import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40) });
    expect(config.port).toBe(3000);
    expect(config.currency).toBe('USD');
    expect(config.payment.provider).toBe('sandbox');
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', STORE_CURRENCY: 'dollars', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('STORE_CURRENCY');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('JWT_SECRET');
    }
  });

  it('signs download links with DOWNLOAD_SECRET, else a key drawn from JWT_SECRET; caps eBook files at EBOOK_MAX_MB', () => {
    const defaults = loadConfig({ JWT_SECRET: 'x'.repeat(40) });
    expect(defaults.downloadSecret).not.toBe('x'.repeat(40));
    expect(defaults.downloadSecret.length).toBeGreaterThanOrEqual(32);
    expect(defaults.ebookMaxBytes).toBe(50 * 1024 * 1024);
    const set = loadConfig({ JWT_SECRET: 'x'.repeat(40), DOWNLOAD_SECRET: 'd'.repeat(40), EBOOK_MAX_MB: '5' });
    expect(set.downloadSecret).toBe('d'.repeat(40));
    expect(set.ebookMaxBytes).toBe(5 * 1024 * 1024);
    try {
      loadConfig({ JWT_SECRET: 'x'.repeat(40), DOWNLOAD_SECRET: 'short', EBOOK_MAX_MB: 'lots' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('DOWNLOAD_SECRET');
      expect(problems).toContain('EBOOK_MAX_MB');
    }
  });

  it('keeps Redis keys under REDIS_KEY_PREFIX, and refuses one that could not be a key', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).redisKeyPrefix).toBe('bookstore');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), REDIS_KEY_PREFIX: 'shop-two' }).redisKeyPrefix).toBe('shop-two');
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), REDIS_KEY_PREFIX: 'two shops:*' })).toThrow(ConfigError);
  });

  it('reads the mail settings: SMTP_URL, MAIL_FROM, CONTACT_TO, the shop, and the verified-email rule', () => {
    const defaults = loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/shop' });
    expect(defaults.mail).toEqual({
      smtpUrl: undefined,
      from: '"Bookstore" <no-reply@localhost>',
      contactTo: undefined,
      dir: '/tmp/shop/mail',
    });
    expect(defaults.shop).toEqual({ name: 'Bookstore', address: '' });
    expect(defaults.requireVerifiedEmailToOrder).toBe(false);
    const set = loadConfig({
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtps://shop:secret@mail.example.com:465',
      PUBLIC_URL: 'https://books.example.com',
      SHOP_NAME: 'Quay Books',
      SHOP_ADDRESS: '12 Quay Street, Dublin',
      CONTACT_TO: 'owner@example.com',
      REQUIRE_VERIFIED_EMAIL_TO_ORDER: 'true',
    });
    expect(set.mail).toMatchObject({
      smtpUrl: 'smtps://shop:secret@mail.example.com:465',
      from: '"Quay Books" <no-reply@books.example.com>',
      contactTo: 'owner@example.com',
    });
    expect(set.shop).toEqual({ name: 'Quay Books', address: '12 Quay Street, Dublin' });
    expect(set.requireVerifiedEmailToOrder).toBe(true);
    expect(() =>
      loadConfig({ JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'http://mail.example.com', CONTACT_TO: 'nobody' }),
    ).toThrow(/SMTP_URL[\s\S]*CONTACT_TO/);
  });

  describe('production', () => {
    const secret = 'p'.repeat(40);
    const complete = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://books.example.com',
      JWT_SECRET: secret,
      DATABASE_URL: 'postgres://shop@db.example.com:5432/shop',
    };
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-config-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('refuses to start without PUBLIC_URL, JWT_SECRET and DATABASE_URL, naming all three at once', () => {
      try {
        loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        const problems = (err as ConfigError).problems;
        expect(problems).toHaveLength(3);
        expect(problems.join('\n')).toMatch(/PUBLIC_URL[\s\S]*JWT_SECRET[\s\S]*DATABASE_URL/);
        expect(problems.every((p) => p.includes('EMBEDDED_IN_PRODUCTION=true'))).toBe(true);
      }
      // One missing is named alone, beside any other problem.
      expect(() => loadConfig({ ...complete, PUBLIC_URL: '', PORT: 'abc' })).toThrow(
        /PORT[\s\S]*NODE_ENV=production needs PUBLIC_URL/,
      );
    });

    it('starts with all three, without the demo catalogue unless SEED_DEMO says so', () => {
      const config = loadConfig(complete);
      expect(config.env).toBe('production');
      expect(config.seedDemo).toBe(false);
      expect(loadConfig({ ...complete, SEED_DEMO: 'true' }).seedDemo).toBe(true);
      // Elsewhere the demo is loaded unless SEED_DEMO says not.
      expect(loadConfig({ JWT_SECRET: secret }).seedDemo).toBe(true);
      expect(loadConfig({ JWT_SECRET: secret, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    });

    it('starts on the embedded database, with its own secret, when EMBEDDED_IN_PRODUCTION=true (as npm start does)', () => {
      const config = loadConfig({ NODE_ENV: 'production', EMBEDDED_IN_PRODUCTION: 'true', DATA_DIR: dataDir });
      expect(config.databaseUrl).toBeUndefined();
      expect(config.publicUrl).toBeUndefined();
      expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(() => loadConfig({ ...complete, EMBEDDED_IN_PRODUCTION: 'sure' })).toThrow(/EMBEDDED_IN_PRODUCTION/);
    });
  });

  it('reads ROLE (all unless set) and MIGRATE_ON_START (true unless set), and says what a bad value should be', () => {
    const defaults = loadConfig({ JWT_SECRET: 'x'.repeat(40) });
    expect(defaults.role).toBe('all');
    expect(defaults.migrateOnStart).toBe(true);
    const set = loadConfig({ JWT_SECRET: 'x'.repeat(40), ROLE: 'worker', MIGRATE_ON_START: 'false' });
    expect(set.role).toBe('worker');
    expect(set.migrateOnStart).toBe(false);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), ROLE: 'web' }).role).toBe('web');
    try {
      loadConfig({ JWT_SECRET: 'x'.repeat(40), ROLE: 'api', MIGRATE_ON_START: 'later' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems;
      expect(problems).toContain(
        'ROLE="api": must be web (requests only), worker (background work only) or all (both)',
      );
      expect(problems.find((p) => p.startsWith('MIGRATE_ON_START="later"'))).toBeDefined();
    }
  });
});
