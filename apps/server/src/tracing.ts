import { startTracing } from './platform/observability/tracing';

/**
 * The process's traces, started when this module is evaluated: main.ts imports it first, so it
 * runs before any other module of the server loads `pg` or `http` (ES modules are evaluated in
 * the order they are imported). Null when OTEL_EXPORTER_OTLP_ENDPOINT is not set.
 */
export const tracing = startTracing(process.env);
