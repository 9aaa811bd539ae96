import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

/**
 * A client that sends its request slowly (a byte every few seconds) cannot keep a
 * socket for minutes. The whole request, headers and body, must arrive within REQUEST_TIMEOUT_SECONDS.
 */
describe('slow clients', () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await createTestApp({ requestTimeoutSeconds: 1 });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => testApp.close());

  /** Sends `head` at once, then one byte of `rest` every `everyMs`; resolves when the server ends the socket. */
  function trickle(head: string, rest: string, everyMs: number): Promise<{ ms: number; reply: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let reply = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(head);
        let i = 0;
        const timer = setInterval(() => {
          if (i < rest.length && !socket.destroyed) socket.write(rest[i++]!);
        }, everyMs);
        const done = () => {
          clearInterval(timer);
          resolve({ ms: Date.now() - started, reply });
        };
        socket.on('close', done);
        socket.on('error', () => {});
      });
      socket.on('data', (chunk) => (reply += chunk.toString('utf8')));
    });
  }

  it('closes a request whose body trickles in, with a 408', { timeout: 10_000 }, async () => {
    const body = JSON.stringify({ name: 'Slow', email: 'slow@example.com', subject: 'Hi', message: 'x'.repeat(40) });
    const { ms, reply } = await trickle(
      `POST /api/contact/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      300,
    );
    expect(ms).toBeLessThan(4000);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a request whose headers trickle in', { timeout: 10_000 }, async () => {
    const { ms } = await trickle(
      'GET /api/featured/ HTTP/1.1\r\n',
      'Host: localhost\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n',
      300,
    );
    expect(ms).toBeLessThan(4000);
  });

  it('still serves a normal request', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    const featured = await fetch(`http://127.0.0.1:${port}/api/featured/`);
    expect(featured.status).toBe(200);
    void res;
  });
});
