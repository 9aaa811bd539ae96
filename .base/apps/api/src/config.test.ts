import { describe, expect, it } from 'vitest';
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
});
