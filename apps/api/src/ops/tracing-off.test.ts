import { ProxyTracerProvider, trace } from '@opentelemetry/api';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { loggerOptions } from '../lib/log.js';
import { inSpan, tracingOn } from '../lib/tracing.js';
import { createTestApp } from '../test/app.js';
import { startTracing } from './tracing.js';
import { logLines } from '../test/log-lines.js';

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT unset)', () => {
  it('loads no SDK: the global tracer provider stays the no-op one, spans and log lines carry nothing', async () => {
    expect(testConfig().tracing).toBeUndefined();
    expect(await startTracing(testConfig())).toBeUndefined();
    expect(tracingOn()).toBe(false);

    // A whole app, a request served: still nothing registered.
    const ctx = await createTestApp();
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/books/' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
    const provider = trace.getTracerProvider();
    expect(provider).toBeInstanceOf(ProxyTracerProvider);
    expect((provider as ProxyTracerProvider).getDelegate().constructor.name).toBe('NoopTracerProvider');

    const { lines, stream: sink } = logLines();
    const log = pino(loggerOptions('info', {}) as pino.LoggerOptions, sink);
    await inSpan('a span', {}, async (span) => {
      expect(span.isRecording()).toBe(false);
      log.info('inside');
    });
    expect(JSON.parse(lines[0]!)).not.toHaveProperty('trace_id');
  });
});
