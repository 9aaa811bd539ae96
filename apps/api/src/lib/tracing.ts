import {
  type Attributes,
  context,
  INVALID_SPAN_CONTEXT,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The store's own spans (docs/decisions/0031-traces.md). Only OpenTelemetry's API is imported here: with
 * no SDK started (OTEL_EXPORTER_OTLP_ENDPOINT unset) its tracer is the no-op one and a span costs a
 * function call. The SDK is started by ops/tracing.ts, which sets `tracingOn`.
 */
const tracer = trace.getTracer('bookstore');
let on = false;

/** Whether ops/tracing.ts started the SDK in this process. */
export function tracingOn(): boolean {
  return on;
}

/** Called by ops/tracing.ts once the SDK is registered. */
export function markTracingOn(value = true): void {
  on = value;
}

/**
 * Runs `fn` in a span named `name`, a child of the active one: its error is recorded on the span and
 * thrown on. The span ends when `fn` settles.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  if (!on) return fn(trace.wrapSpanContext(INVALID_SPAN_CONTEXT));
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

export { SpanKind };

/** pino's `mixin`: the active span's trace and span ids on every line logged inside it. */
export function traceIdsForLogs(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` };
}

/** The active context as a W3C `traceparent` header, to carry it where async context does not go (the outbox). */
export function currentTraceparent(): string | undefined {
  if (!on) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** Runs `fn` with the context a `traceparent` names as the active one (none: the active one stays). */
export function withTraceparent<T>(traceparent: string | undefined | null, fn: () => T): T {
  if (!on || !traceparent) return fn();
  return context.with(propagation.extract(context.active(), { traceparent }), fn);
}

type Queryable = { query: (...args: never[]) => Promise<unknown> };

/** The statement's text, whatever form the driver was given it in (a string or pg's `{ text }`). */
function statementOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'text' in arg && typeof arg.text === 'string') return arg.text;
  return '';
}

/**
 * Wraps `target.query` (pg's Client, PGlite or one of its transactions) in a client span per statement:
 * `db.query.text` is the statement with its placeholders, never the values bound to it.
 */
export function traceQueries<T extends Queryable>(target: T, system: 'postgresql'): T {
  const query = target.query;
  const traced = function (this: unknown, ...args: never[]) {
    // pg's callback form (rare, internal) is left alone: its result is not a promise.
    if (typeof args[args.length - 1] === 'function') return query.apply(this, args);
    const text = statementOf(args[0]);
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    return inSpan(
      `${operation} ${system}`,
      { 'db.system.name': system, 'db.operation.name': operation, 'db.query.text': text.slice(0, 2_000) },
      () => query.apply(this, args),
      SpanKind.CLIENT,
    );
  };
  target.query = traced as T['query'];
  return target;
}

/**
 * A server span per HTTP request, named by its method and route (`POST /api/orders/`), the caller's
 * `traceparent` honoured, and active while the request is handled: the queries, calls and log lines of
 * the request are inside it.
 */
export function traceRequests(app: FastifyInstance): void {
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, reply, done) => {
    const parent = propagation.extract(context.active(), request.headers);
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  const end = (request: FastifyRequest, status?: number) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    const route = request.routeOptions.url;
    if (route) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    if (status !== undefined) {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    } else {
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted' });
    }
    span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
}
