import type { Config } from '../config.js';
import { markTracingOn } from '../lib/tracing.js';

export interface Tracing {
  /** Sends every span still waiting, then stops the SDK (shutdown). */
  close(): Promise<void>;
  /** Sends every span ended so far. */
  flush(): Promise<void>;
}

/**
 * Starts OpenTelemetry's tracing SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set, and only then loads it:
 * without it this returns undefined and nothing but the API (whose tracer is the no-op one) is in the
 * process. Spans go in batches over OTLP/HTTP as JSON to `<endpoint>/v1/traces` (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). The spans themselves are the store's own (lib/tracing.ts):
 * the bundle (build.mjs) loads fastify and pg before any code of ours runs, too early for
 * instrumentations that patch a package as it is required (docs/decisions/0031-traces.md).
 */
export async function startTracing(config: Pick<Config, 'tracing'>): Promise<Tracing | undefined> {
  if (!config.tracing) return undefined;
  const [{ node, resources, tracing }, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const url =
    process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || `${config.tracing.endpoint.replace(/\/+$/, '')}/v1/traces`;
  const resource = resources
    .resourceFromAttributes({ 'service.name': 'bookstore' })
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win.
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new node.NodeTracerProvider({
    resource,
    spanProcessors: [new tracing.BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  // The global tracer provider, AsyncLocalStorage as the context manager, W3C trace context.
  provider.register();
  markTracingOn();
  return {
    flush: () => provider.forceFlush(),
    close: async () => {
      await provider.forceFlush();
      await provider.shutdown();
      markTracingOn(false);
    },
  };
}
