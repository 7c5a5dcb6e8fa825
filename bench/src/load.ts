import autocannon, { type Options } from 'autocannon';
import { memoryOf, type RunningServer } from './server-process';
import type { SeededScenario, ServerLabel } from './scenarios';

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  requests: number;
  non2xx: number;
  /** Non-2xx answers the scenario expects (e.g. 422 InSufficient Funds); included in non2xx. */
  expectedNon2xx: number;
  /** Answers by status code, e.g. { '200': 2950, '422': 310 }. */
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  rssMiB: number | null;
  peakRssMiB: number | null;
}

/** One request first: the load must measure answers of the right kind, not 401s or 404s. */
export async function checkAnswer(server: RunningServer, seeded: SeededScenario, label: ServerLabel): Promise<void> {
  const request = seeded.post?.next(label);
  const get = request ? undefined : seeded.get?.next(label);
  const path = request?.path ?? get?.path ?? seeded.path;
  const response = request
    ? await fetch(`${server.url}${request.path}`, { method: 'POST', headers: request.headers, body: request.body })
    : await fetch(`${server.url}${path}`, { headers: get?.headers ?? seeded.headers });
  const body = await response.text();
  const verb = request ? 'POST' : 'GET';
  if (response.status !== 200) throw new Error(`${label}: ${verb} ${path} answered ${response.status}: ${body.slice(0, 300)}`);
  if (seeded.expectHeader && !response.headers.get(seeded.expectHeader)) {
    throw new Error(`${label}: ${verb} ${path} has no ${seeded.expectHeader} header`);
  }
  await seeded.check?.(server.url, label);
}

/**
 * autocannon against one server. A GET scenario repeats one request, or with `get` builds each
 * (path and headers) like a POST scenario, which builds each request in `setupRequest` (called by
 * autocannon before every send on a connection), so every request carries its own body.
 */
function target(server: RunningServer, seeded: SeededScenario, label: ServerLabel, connections: number): Options {
  const post = seeded.post;
  const get = seeded.get;
  if (!post && get) {
    return {
      url: server.url,
      connections,
      requests: [
        {
          method: 'GET',
          // A fresh object each time: autocannon keeps the request's own headers, so one client's
          // cookie does not stick to the next request (built from the defaults again).
          setupRequest: (request) => {
            const next = get.next(label);
            return { ...request, method: 'GET', path: next.path, headers: { ...request.headers, ...next.headers } };
          },
        },
      ],
    };
  }
  if (!post) return { url: `${server.url}${seeded.path}`, headers: seeded.headers, connections };
  return {
    url: server.url,
    connections,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const next = post.next(label);
          return { ...request, method: 'POST', path: next.path, headers: { ...request.headers, ...next.headers }, body: next.body };
        },
      },
    ],
  };
}

export async function drive(
  server: RunningServer,
  seeded: SeededScenario,
  label: ServerLabel,
  options: { connections: number; duration: number; warmup: number; rate?: number },
): Promise<LoadResult> {
  // A rate (requests per second in all) models a known demand; without one, as fast as answered.
  const rate = options.rate ? { overallRate: options.rate } : {};
  if (options.warmup > 0) await autocannon({ ...target(server, seeded, label, options.connections), ...rate, duration: options.warmup });
  const result = await autocannon({ ...target(server, seeded, label, options.connections), ...rate, duration: options.duration });
  const memory = server.child.pid ? memoryOf(server.child.pid) : null;
  const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]));
  const expected = new Set((seeded.post?.expectedStatuses ?? []).map(String));
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: result.latency.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    expectedNon2xx: Object.entries(statusCounts).reduce((sum, [code, count]) => sum + (expected.has(code) ? count : 0), 0),
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    rssMiB: memory?.rssMiB ?? null,
    peakRssMiB: memory?.peakRssMiB ?? null,
  };
}
