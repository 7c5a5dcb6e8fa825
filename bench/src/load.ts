import autocannon from 'autocannon';
import { memoryOf, type RunningServer } from './server-process';
import type { SeededScenario } from './scenarios';

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  rssMiB: number | null;
  peakRssMiB: number | null;
}

/** One request first: the load must measure answers of the right kind, not 401s or 404s. */
export async function checkAnswer(server: RunningServer, seeded: SeededScenario, label: string): Promise<void> {
  const response = await fetch(`${server.url}${seeded.path}`, { headers: seeded.headers });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${label}: GET ${seeded.path} answered ${response.status}: ${body.slice(0, 300)}`);
  if (seeded.expectHeader && !response.headers.get(seeded.expectHeader)) {
    throw new Error(`${label}: GET ${seeded.path} has no ${seeded.expectHeader} header`);
  }
}

export async function drive(server: RunningServer, seeded: SeededScenario, options: { connections: number; duration: number; warmup: number }): Promise<LoadResult> {
  const target = { url: `${server.url}${seeded.path}`, headers: seeded.headers, connections: options.connections };
  if (options.warmup > 0) await autocannon({ ...target, duration: options.warmup });
  const result = await autocannon({ ...target, duration: options.duration });
  const memory = server.child.pid ? memoryOf(server.child.pid) : null;
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: result.latency.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    rssMiB: memory?.rssMiB ?? null,
    peakRssMiB: memory?.peakRssMiB ?? null,
  };
}
