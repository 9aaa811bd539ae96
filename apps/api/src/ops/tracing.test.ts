import { trace } from '@opentelemetry/api';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../lib/log.js';
import { inSpan } from '../lib/tracing.js';
import { startEventDispatcher } from '../modules/events/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createBook, createUser, placeOrder } from '../test/factories.js';
import { type Mailbox, startMailbox } from '../test/mailbox.js';
import { charge, initialize, verify } from '../test/payments.js';
import { type ReceivedSpan, startReceiver } from '../test/otlp-receiver.js';
import { startTracing, type Tracing } from './tracing.js';
import { logLines } from '../test/log-lines.js';

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

/** Polls `check` until it returns something, flushing the SDK each time, up to a deadline. */
async function eventually<T>(tracing: Tracing, check: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await tracing.flush();
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('the spans did not arrive in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tracing: Tracing;
  let mailbox: Mailbox;
  let ctx: TestApp;

  beforeAll(async () => {
    receiver = await startReceiver();
    tracing = (await startTracing({ tracing: { endpoint: receiver.url } }))!;
    mailbox = await startMailbox();
    ctx = await createTestApp({ mail: { smtpUrl: mailbox.url } });
    await startEventDispatcher(ctx.app, { pollMs: 50, backoffMs: () => 100, maxAttempts: 3 });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await tracing?.close();
    await mailbox?.close();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('sends the spans of a checkout: the request, its statements, the outbox deliveries and the mail sent', async () => {
    const { app } = ctx;
    const shopper = await createUser(app);
    const book = await createBook(app, { price: '12.00', stock: 5 });
    const placed = await placeOrder(app, shopper, [{ book, quantity: 1 }]);
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id as number;
    const reference = (await initialize(app, shopper, orderId)).json().reference as string;
    expect((await charge(app, shopper, reference)).statusCode).toBe(200);
    expect((await verify(app, shopper, orderId, reference)).json().status).toBe('success');
    await mailbox.next((mail) => mail.to.includes(shopper.email));

    const spans = receiver.spans;
    const request = await eventually(tracing, () =>
      spans.find((s) => s.kind === SERVER && s.name === 'POST /api/orders/'),
    );
    const inRequest = spans.filter((s) => s.traceId === request.traceId);
    const statements = inRequest.filter((s) => s.kind === CLIENT && s.name.endsWith(' postgresql'));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.some((s) => s.name === 'INSERT postgresql')).toBe(true);
    // Every statement of the request is under its server span.
    const ids = new Set(inRequest.map((s) => s.spanId));
    for (const statement of statements) expect(ids.has(statement.parentSpanId!)).toBe(true);
    // No value bound to a statement is sent: the text keeps its placeholders.
    const text = statements.flatMap((s) => s.attributes.filter((a) => a.key === 'db.query.text'));
    expect(text.length).toBe(statements.length);

    // The confirmation mail is sent in the trace of the request that confirmed the payment: the event's
    // context crossed the outbox (order.paid, then mail.queued) into each delivery's span.
    const send = await eventually(tracing, () => spans.find((s) => s.name === 'smtp send'));
    const paid = spans.find((s) => s.kind === SERVER && s.name === 'POST /api/verify-payment/');
    expect(paid).toBeDefined();
    expect(send.traceId).toBe(paid!.traceId);
    const delivery = spans.find((s) => s.spanId === send.parentSpanId);
    expect(delivery?.kind).toBe(CONSUMER);
    expect(delivery?.name).toMatch(/^outbox /);
    // Up the chain from the send, every parent is in the trace, ending at the request's span.
    let parent: ReceivedSpan | undefined = delivery;
    const chain: string[] = ['smtp send'];
    while (parent) {
      chain.push(parent.name);
      const up: string | undefined = parent.parentSpanId;
      parent = up ? spans.find((s) => s.spanId === up) : undefined;
    }
    expect(chain.at(-1)).toBe('POST /api/verify-payment/');
    expect(chain.filter((name) => name.startsWith('outbox ')).length).toBeGreaterThanOrEqual(2);

    const namesOf = (traceId: string) => [...new Set(spans.filter((s) => s.traceId === traceId).map((s) => s.name))];
    console.log('POST /api/orders/ trace:', namesOf(request.traceId).join(', '));
    console.log('POST /api/verify-payment/ trace:', namesOf(paid!.traceId).join(', '));
    console.log('from the mail up:', chain.join(' <- '));
  }, 60_000);

  it('writes the active trace and span ids on each log line', async () => {
    const { lines, stream: sink } = logLines();
    const log = pino(loggerOptions('info', {}) as pino.LoggerOptions, sink);
    log.info('outside');
    const ids = await inSpan('logging', {}, async () => {
      log.info('inside');
      return trace.getActiveSpan()!.spanContext();
    });
    const [outside, inside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(outside).not.toHaveProperty('trace_id');
    expect(inside).toMatchObject({ msg: 'inside', trace_id: ids.traceId, span_id: ids.spanId });
    expect(ids.traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
