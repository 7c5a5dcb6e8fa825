import os from 'node:os';
import type { BenchOptions } from './args';
import { drive, type LoadResult } from './load';
import type { ServerLabel } from './scenarios';
import { prepareEndpointCases, type EndpointCase } from './scenarios/endpoints';
import { createScratchDb } from './scratch-db';
import { CSRF_HEADER } from '../../apps/server/src/platform/auth/auth.bench-support';
import { BASELINE_MAIN, memoryOf, SERVER_MAIN, startServer, type RunningServer } from './server-process';

/**
 * Issue 25 §2, the `endpoints` scenario: every list endpoint and the main writes in one run, each
 * loaded on the real app and on the bare baseline (both up at once, one loaded at a time: the
 * app's case, then the baseline's, then the next case), with the app's resident memory sampled
 * through every app load. A case fails under `MIN_RATIO` of its baseline's throughput; the run
 * fails when any case does or the app's RSS goes over `MAX_RSS_MIB`.
 */
export const MIN_RATIO = 0.75;
export const MAX_RSS_MIB = 400;
/** Generated invoices on top of the demo (`APRON_DEMO_INVOICES`): the grids and reports page thousands. */
export const ENDPOINTS_DEFAULT_SIZE = 5_000;
/**
 * Short loads, so the 16 cases x 2 servers fit in a few minutes (`--duration`/`--warmup` override):
 * per server `ENDPOINTS_DURATION_S` in `PAIRS` slices of 2 s, in the order A-B, B-A, A-B, B-A, A-B.
 * Five pairs, not three: on 2 vCPUs one pair's ratio moves by ±0.1 from run to run, and a median of
 * three still followed one unlucky pair (docs/benchmarks.md, "Again, with five pairs").
 */
export const ENDPOINTS_DURATION_S = 10;
export const PAIRS = 5;
export const ENDPOINTS_WARMUP_S = 1;

export interface EndpointRow {
  name: string;
  label: string;
  app: LoadResult;
  baseline: LoadResult;
  /** The median of `pairRatios`: the case's verdict. */
  ratio: number;
  /** Each pair's app req/s ÷ baseline req/s (neighbouring slices). */
  pairRatios: number[];
  /** Unexpected answers (not the case's status) or socket errors on either server. */
  failedAnswers: number;
  passed: boolean;
}

export interface EndpointsResult {
  size: number;
  seedMs: number;
  rows: EndpointRow[];
  /** Highest VmRSS of the app sampled every 100 ms during its loads, and its VmHWM at the end (MiB). */
  appRssMaxMiB: number;
  appPeakRssMiB: number | null;
  baselinePeakRssMiB: number | null;
  passed: boolean;
  loadAverage: { before: number[]; after: number[] };
}

const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
const fmt = (n: number | null | undefined, digits = 0) => (n === null || n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(digits));

/** The highest current RSS of `pid` while `work` runs. */
async function sampleRss<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ value: T; maxMiB: number }> {
  let maxMiB = 0;
  const sample = () => {
    const memory = pid ? memoryOf(pid) : null;
    if (memory && memory.rssMiB > maxMiB) maxMiB = memory.rssMiB;
  };
  const timer = setInterval(sample, 100);
  try {
    sample();
    const value = await work();
    sample();
    return { value, maxMiB };
  } finally {
    clearInterval(timer);
  }
}

/** One request of the case first: the loads must measure right answers, not 401s or 400s. */
async function checkCase(server: RunningServer, c: EndpointCase, label: ServerLabel): Promise<void> {
  const post = c.scenario.post?.next(label);
  const path = post?.path ?? c.scenario.path;
  const response = await fetch(`${server.url}${path}`, post ? { method: 'POST', headers: post.headers, body: post.body } : { headers: c.scenario.headers });
  const body = await response.text();
  if (response.status !== c.okStatus) throw new Error(`${label}: ${post ? 'POST' : 'GET'} ${path} answered ${response.status}: ${body.slice(0, 300)}`);
  if (c.scenario.expectHeader && !response.headers.get(c.scenario.expectHeader)) throw new Error(`${label}: GET ${path} has no ${c.scenario.expectHeader} header`);
}

/** What the public form does first: `GET /api/CSRF` as an anonymous visitor (a signed cookie and its token). */
async function anonymousCsrfHeaders(app: RunningServer): Promise<Record<string, string>> {
  const response = await fetch(`${app.url}/api/CSRF`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookie, [CSRF_HEADER]: csrfToken };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One server's slices as one load: throughput and latencies averaged over the slices, answers added up. */
function allSlices(slices: LoadResult[]): LoadResult {
  const mean = (pick: (r: LoadResult) => number) => slices.reduce((sum, r) => sum + pick(r), 0) / slices.length;
  const sum = (pick: (r: LoadResult) => number) => slices.reduce((total, r) => total + pick(r), 0);
  const statusCounts: Record<string, number> = {};
  for (const r of slices) for (const [code, count] of Object.entries(r.statusCounts)) statusCounts[code] = (statusCounts[code] ?? 0) + count;
  const last = slices[slices.length - 1]!;
  return {
    requestsPerSecond: mean((r) => r.requestsPerSecond),
    latencyP50Ms: mean((r) => r.latencyP50Ms),
    latencyP99Ms: mean((r) => r.latencyP99Ms),
    latencyAvgMs: mean((r) => r.latencyAvgMs),
    requests: sum((r) => r.requests),
    non2xx: sum((r) => r.non2xx),
    expectedNon2xx: sum((r) => r.expectedNon2xx),
    statusCounts,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    rssMiB: last.rssMiB,
    peakRssMiB: last.peakRssMiB,
  };
}

const wrongAnswers = (r: LoadResult, okStatus: number) =>
  Object.entries(r.statusCounts).reduce((sum, [code, count]) => sum + (Number(code) === okStatus ? 0 : count), 0) + r.errors;

export async function measureEndpoints(options: BenchOptions, explicit: { duration: boolean; warmup: boolean }): Promise<EndpointsResult> {
  const size = options.size ?? ENDPOINTS_DEFAULT_SIZE;
  const load = {
    connections: options.connections,
    duration: explicit.duration ? options.duration : ENDPOINTS_DURATION_S,
    warmup: explicit.warmup ? options.warmup : ENDPOINTS_WARMUP_S,
    rate: options.rate,
  };
  const scratch = await createScratchDb('endpoints', options.databaseUrl);
  const before = loadAverage();
  try {
    const seedStarted = Date.now();
    // The demo, seeded by the app itself as `npm run demo` does, plus `size` generated invoices.
    const seeder = await startServer(SERVER_MAIN, { ...scratch.env, APRON_DEMO: '1', APRON_DEMO_INVOICES: String(size), NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_SECRET: 'bench-'.padEnd(40, 'x') }, { timeoutMs: 600_000 });
    await seeder.stop();
    const database = await scratch.open();
    let prepared;
    try {
      prepared = await prepareEndpointCases(database);
      if (!options.noVacuum) await database.platformQuery('vacuum analyze');
      if (database.kind === 'postgres') await database.platformQuery('checkpoint').catch(() => undefined);
    } finally {
      await database.close();
    }
    const seedMs = Date.now() - seedStarted;
    console.log(`   demo + ${size} invoices seeded in ${(seedMs / 1000).toFixed(1)} s; ${load.connections} connections, ${load.duration} s (+${load.warmup} s warm-up) per server and case; load average ${before.join(' ')}`);

    // TRUST_PROXY: the parking requests come from many addresses (X-Forwarded-For), as through a load balancer.
    const app = await startServer(SERVER_MAIN, { ...scratch.env, LOG_LEVEL: options.logLevel, NODE_ENV: 'production', TRUST_PROXY: '1', SESSION_SECRET: 'bench-'.padEnd(40, 'x') });
    Object.assign(prepared.anonymousCsrf, await anonymousCsrfHeaders(app));
    // BENCH_ENDPOINTS=companies,listings: only these cases (to look into one); the table needs them all.
    const only = process.env.BENCH_ENDPOINTS?.split(',').filter(Boolean);
    const cases = only ? prepared.cases.filter((c) => only.includes(c.name)) : prepared.cases;
    const rows: EndpointRow[] = [];
    let appRssMaxMiB = 0;
    let appPeakRssMiB: number | null = null;
    let baselinePeakRssMiB: number | null = null;
    try {
      const baseline = await startServer(BASELINE_MAIN, { ...scratch.env, BENCH_SCENARIO: 'endpoints', BENCH_ENDPOINT_FACTS: JSON.stringify(prepared.facts) });
      try {
        console.log(`  ${'case'.padEnd(20)} ${'app req/s'.padStart(9)} ${'base req/s'.padStart(10)} ${'ratio'.padStart(6)}  app p50/p99 ms   base p50/p99 ms   app RSS max`);
        for (const c of cases) {
          await checkCase(app, c, 'app');
          await checkCase(baseline, c, 'baseline');
          // Slices in pairs, A-B, B-A, A-B, ...: on a shared machine the load of others comes in bursts;
          // each pair's two slices are neighbours in time, and the median of the pairs' ratios
          // leaves out the one a burst fell on.
          const slice = { ...load, duration: load.duration / PAIRS };
          const appSlices: LoadResult[] = [];
          const baseSlices: LoadResult[] = [];
          let rssMaxMiB = 0;
          for (let pair = 0; pair < PAIRS; pair++) {
            const warmup = pair === 0 ? load.warmup : 0;
            const onApp = async () => {
              const sampled = await sampleRss(app.child.pid, () => drive(app, c.scenario, 'app', { ...slice, warmup }));
              rssMaxMiB = Math.max(rssMaxMiB, sampled.maxMiB);
              appSlices.push(sampled.value);
            };
            const onBaseline = async () => baseSlices.push(await drive(baseline, c.scenario, 'baseline', { ...slice, warmup }));
            if (pair % 2 === 0) await onApp().then(onBaseline);
            else await onBaseline().then(onApp);
          }
          appRssMaxMiB = Math.max(appRssMaxMiB, rssMaxMiB);
          const appResult = allSlices(appSlices);
          const baseResult = allSlices(baseSlices);
          const pairRatios = appSlices.map((a, i) => a.requestsPerSecond / baseSlices[i]!.requestsPerSecond);
          // A pair where neither server finished a request in its slice (0 / 0) says nothing.
          const ratio = median(pairRatios.filter((r) => !Number.isNaN(r)));
          const failedAnswers = wrongAnswers(appResult, c.okStatus) + wrongAnswers(baseResult, c.okStatus);
          const passed = ratio >= MIN_RATIO && failedAnswers === 0;
          rows.push({ name: c.name, label: c.label, app: appResult, baseline: baseResult, ratio, pairRatios, failedAnswers, passed });
          console.log(
            `  ${c.name.padEnd(20)} ${fmt(appResult.requestsPerSecond).padStart(9)} ${fmt(baseResult.requestsPerSecond).padStart(10)} ${fmt(ratio, 2).padStart(6)}  ` +
              `${`${fmt(appResult.latencyP50Ms)}/${fmt(appResult.latencyP99Ms)}`.padStart(13)}   ${`${fmt(baseResult.latencyP50Ms)}/${fmt(baseResult.latencyP99Ms)}`.padStart(15)}   ${fmt(rssMaxMiB).padStart(6)} MiB   pairs ${pairRatios.map((r) => fmt(r, 2)).join(' ')}` +
              `${passed ? '' : `   FAIL${failedAnswers > 0 ? ` (${failedAnswers} wrong answers: app ${JSON.stringify(appResult.statusCounts)}, baseline ${JSON.stringify(baseResult.statusCounts)})` : ` (< ${MIN_RATIO})`}`}`,
          );
        }
        baselinePeakRssMiB = baseline.child.pid ? (memoryOf(baseline.child.pid)?.peakRssMiB ?? null) : null;
      } finally {
        await baseline.stop();
      }
      appPeakRssMiB = app.child.pid ? (memoryOf(app.child.pid)?.peakRssMiB ?? null) : null;
    } finally {
      await app.stop();
    }
    const rssPassed = appRssMaxMiB <= MAX_RSS_MIB && (appPeakRssMiB ?? 0) <= MAX_RSS_MIB;
    const passed = rssPassed && rows.every((r) => r.passed);
    const after = loadAverage();
    console.log(`  app RSS: max sampled under load ${fmt(appRssMaxMiB)} MiB, peak (VmHWM) ${fmt(appPeakRssMiB)} MiB (${rssPassed ? 'within' : 'OVER'} ${MAX_RSS_MIB} MiB); baseline peak ${fmt(baselinePeakRssMiB)} MiB`);
    console.log(`  ${rows.filter((r) => r.passed).length} of ${rows.length} cases at or above ${MIN_RATIO} of their baseline; load average after ${after.join(' ')}`);
    if (!passed) console.log('  FAILED: see the rows marked FAIL and the RSS line above.');
    return { size, seedMs, rows, appRssMaxMiB, appPeakRssMiB, baselinePeakRssMiB, passed, loadAverage: { before, after } };
  } finally {
    await scratch.drop();
  }
}
