import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';

describe('health and basics', () => {
  const ctx = useTestApp();

  it('answers liveness and readiness', async () => {
    const { app } = ctx();
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API addresses with a JSON 404', async () => {
    const res = await ctx().app.inject('/api/nothing-here/');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/No such address/);
  });

  it('sends security headers', async () => {
    const res = await ctx().app.inject('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBeDefined();
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx().app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
