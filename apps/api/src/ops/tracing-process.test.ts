import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../config.js';
import { freePort } from '../faults/support.js';
import { startReceiver } from '../test/otlp-receiver.js';

/**
 * The server as a process of its own with OTEL_EXPORTER_OTLP_ENDPOINT: its requests arrive as spans
 * (the last ones sent at shutdown) and its log lines name their trace.
 */
describe('a store process with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-traces-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sends a server span per request, flushed on SIGTERM, and writes its trace id on the log lines', async () => {
    const receiver = await startReceiver();
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot(), 'src', 'server.ts')], {
      // tsx is found from the repository's root; everything the store writes goes to DATA_DIR.
      cwd: path.join(apiRoot(), '..', '..'),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        TEST_DATABASE_URL: '',
        DATABASE_URL: '',
        REDIS_URL: '',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'bookstore-test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    try {
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (server.exitCode !== null) throw new Error(`The store exited (${server.exitCode}):\n${output}`);
        const ready = await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) break;
        if (Date.now() > deadline) throw new Error(`The store did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      server.kill('SIGTERM');
      expect(await new Promise((resolve) => server.once('exit', resolve))).toBe(0);

      // The readiness polls above: the last one's span was sent at shutdown, if not before.
      const span = receiver.spans.findLast((s) => s.name === 'GET /readyz');
      expect(span, JSON.stringify(receiver.spans.map((s) => s.name))).toBeDefined();
      const lines = output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { trace_id?: string; msg?: string });
      expect(lines.find((l) => l.trace_id === span!.traceId)).toMatchObject({ msg: 'request completed' });
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      await new Promise((resolve) => receiver.server.close(resolve));
    }
  }, 120_000);
});
