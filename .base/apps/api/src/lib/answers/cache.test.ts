import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerCache, CachedAnswer } from './cache.js';

/**
 * The backstop time to live of the catalogue cache: when it runs out with no write in between, one
 * request remakes the answer while everybody else is still served the old one at once; a write never
 * leaves anything stale behind.
 */
describe('catalogue cache past its time to live', () => {
  const ttl = 5_000;
  let cache: AnswerCache;
  let made: number;
  const load = (value: string) => async () => {
    made += 1;
    return { value };
  };
  const text = (key: string) => {
    const hit = cache.peek(key);
    return hit ? (JSON.parse(hit.body.toString()) as { value: string }).value : undefined;
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    cache = new AnswerCache(ttl);
    made = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('sends one request on to remake an expired answer and serves the old one to the rest meanwhile', async () => {
    await cache.answer('/api/books/', load('old'));
    expect(text('/api/books/')).toBe('old');

    vi.advanceTimersByTime(ttl + 1);
    expect(cache.peek('/api/books/')).toBeUndefined(); // this request makes the new answer
    expect(text('/api/books/')).toBe('old'); // everybody else is not kept waiting
    expect(text('/api/books/')).toBe('old');

    let finish!: () => void;
    const making = cache.answer('/api/books/', async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return load('new')();
    });
    expect(text('/api/books/')).toBe('old');
    finish();
    expect(JSON.parse((await making).body.toString())).toEqual({ value: 'new' });
    expect(text('/api/books/')).toBe('new');
    expect(made).toBe(2);
  });

  it('serves nothing stale after a write, nor after a second time to live', async () => {
    await cache.answer('/api/books/', load('old'));
    vi.advanceTimersByTime(ttl + 1);
    cache.clear();
    expect(cache.peek('/api/books/')).toBeUndefined();
    expect(cache.peek('/api/books/')).toBeUndefined();

    await cache.answer('/api/featured/', load('old'));
    vi.advanceTimersByTime(2 * ttl + 1);
    expect(cache.peek('/api/featured/')).toBeUndefined();
    expect(cache.peek('/api/featured/')).toBeUndefined();
  });

  it('lets another request try when the one remaking the answer fails', async () => {
    await cache.answer('/api/books/', load('old'));
    vi.advanceTimersByTime(ttl + 1);
    expect(cache.peek('/api/books/')).toBeUndefined();
    await expect(cache.answer('/api/books/', () => Promise.reject(new Error('database away')))).rejects.toThrow();
    expect(cache.peek('/api/books/')).toBeUndefined(); // the next request tries again
    expect(text('/api/books/')).toBe('old');
  });

  it('never serves the objects answers are made from stale', async () => {
    await cache.get('count', load('old'));
    vi.advanceTimersByTime(ttl + 1);
    expect(await cache.get('count', load('new'))).toEqual({ value: 'new' });
  });
});

/** Answers and server-rendered pages are kept up to a byte bound, oldest out first (docs/benchmarks/million-titles.md). */
describe('catalogue cache size', () => {
  const kilobytes = (n: number, fill: string) => ({ items: fill.repeat(n * 1024 - 14) });

  it('stays under its byte bound, dropping the oldest answers and pages first', async () => {
    const cache = new AnswerCache(60_000, 1_000, 100 * 1024);
    for (let i = 0; i < 10; i++) await cache.answer(`/api/books/?page=${i}`, async () => kilobytes(20, 'a'));
    for (let i = 0; i < 3; i++) {
      await cache.get(`page:/book/${i}`, async () => ({
        status: 200,
        page: new CachedAnswer(Buffer.alloc(30 * 1024)),
      }));
    }
    expect(cache.keptBytes).toBeLessThanOrEqual(100 * 1024);
    expect(cache.keptBytes).toBeGreaterThan(80 * 1024);
    // The newest are kept, the oldest went.
    expect(cache.current('/api/books/?page=9')).toBeDefined();
    expect(cache.current('/api/books/?page=0')).toBeUndefined();
    expect(cache.recall('page:/book/2')).toBeDefined();
    // Objects without bytes count for nothing, and a clear empties the count.
    await cache.get('count', async () => 42);
    expect(cache.recall('count')).toBe(42);
    cache.clear();
    expect(cache.keptBytes).toBe(0);
  });

  it('does not keep an answer larger than the whole bound, and still gives it', async () => {
    const cache = new AnswerCache(60_000, 1_000, 10 * 1024);
    const made = await cache.answer('/api/books/?page_size=100', async () => kilobytes(20, 'b'));
    expect(made.body.length).toBeGreaterThan(10 * 1024);
    expect(cache.current('/api/books/?page_size=100')).toBeUndefined();
    expect(cache.keptBytes).toBe(0);
  });
});
