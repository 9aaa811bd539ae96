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

  it('keeps Redis keys under REDIS_KEY_PREFIX, and refuses one that could not be a key', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).redisKeyPrefix).toBe('bookstore');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), REDIS_KEY_PREFIX: 'shop-two' }).redisKeyPrefix).toBe('shop-two');
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), REDIS_KEY_PREFIX: 'two shops:*' })).toThrow(ConfigError);
  });
});
