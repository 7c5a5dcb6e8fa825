import { createRequire } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export interface Tracing {
  /** Send the spans still buffered, then stop (on shutdown). */
  shutdown(): Promise<void>;
}

/** Modules the instrumentations patch when required (see startTracing). */
const PATCHED_MODULES = ['http', 'https', 'pg'];

/** The service name spans carry when OTEL_SERVICE_NAME is not set. */
const DEFAULT_SERVICE_NAME = 'apron';

/**
 * OpenTelemetry traces (docs/operations.md "Traces"): incoming and outgoing HTTP, PostgreSQL
 * queries and `fetch` calls, exported over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (the exporter
 * reads the standard OTEL_EXPORTER_OTLP_* variables itself: endpoint, headers, timeout). Without
 * the variable nothing is started and nothing is patched: null.
 *
 * Called once per process, before the server's modules load (src/tracing.ts, the first import of
 * main.ts): the instrumentations patch `pg` and `http` when they are required. The server is ES
 * modules, and under a module loader (tsx) even the CommonJS packages it imports (Fastify) load
 * their dependencies past the require hook; so those modules are required here first, through
 * the hook: `http`'s server and `pg`'s client are patched in place, and what the server imports
 * afterwards is that same module.
 */
export function startTracing(env: NodeJS.ProcessEnv): Tracing | null {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return null;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Probes and scrapes every few seconds would drown the traces that matter.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => isOperationalPath(request.url) }),
      new PgInstrumentation(),
      new UndiciInstrumentation(),
    ],
  });
  const require = createRequire(import.meta.url);
  for (const patched of PATCHED_MODULES) require(patched);
  return { shutdown: () => provider.shutdown() };
}

function isOperationalPath(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0];
  return path === '/metrics' || path === '/api/health/live' || path === '/api/health/ready';
}
