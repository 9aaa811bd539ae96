import { describe, expect, it } from 'vitest';
import { connectRedis } from '../lib/redis.js';
import { createAccount } from '../test/factories.js';
import { useTestApp } from '../test/app.js';

/** Nothing listens on port 9 (discard) here: a Redis that is down from the start. */
const DOWN = 'redis://127.0.0.1:9';

describe('when Redis is down', () => {
  const ctx = useTestApp({ redisUrl: DOWN });

  it('still answers: rate-limited routes, sign-in and catalogue writes work (counted in memory), never a 500', async () => {
    const { app } = ctx();
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact/',
      payload: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello there' },
    });
    expect(contact.statusCode).toBe(201);
    const account = await createAccount(app, { password: 'correct-horse-battery' });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { emailOrUsername: account.user.username, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { emailOrUsername: account.user.username, password: 'correct-horse-battery' },
    });
    expect(right.statusCode).toBe(200);
    expect((await app.inject('/api/books/')).statusCode).toBe(200);
  });

  it('says so once per outage, not on every retry', async () => {
    const told: unknown[] = [];
    const redis = connectRedis(DOWN, (err) => told.push(err));
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // several reconnection attempts
    redis.disconnect();
    expect(told).toHaveLength(1);
    expect(String(told[0])).toMatch(/ECONNREFUSED/);
  });
});
