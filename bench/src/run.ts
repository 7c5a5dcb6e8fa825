import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, usage, type BenchOptions } from './args';
import { checkAnswer, drive, type LoadResult } from './load';
import { giveMembershipsAtFirstAirport, HTTP_SCENARIOS, type HttpScenario } from './scenarios';
import { BENCH_DIR, createScratchDb, type ScratchDb } from './scratch-db';
import { BASELINE_MAIN, SERVER_MAIN, startServer } from './server-process';
import { measureStartup, type StartupResult } from './startup';
import { measureFirstLoad, type FirstLoadResult } from './first-load';
import { CLS_TARGET, FIRST_TEXT_TARGET_MS, measureFirstText, type FirstTextResult } from './first-text';
import { measureCycleRun, type CycleRunResult } from './scenarios/cycles';
import { measureCycleRunAirports, type CycleRunAirportsResult } from './scenarios/cycles-airports';
import { measureReports, type ReportsBenchResult } from './scenarios/reports';
import { GASB87_DEFAULT_SIZE, measureGasb87, type Gasb87BenchResult } from './scenarios/gasb87';
import { measureAssets, type AssetsBenchResult } from './scenarios/assets';
import { IMPORT_DEFAULT_SIZE, measureImport, type ImportBenchResult } from './scenarios/imports';
import { MAX_RSS_MIB, measureEndpoints, MIN_RATIO, type EndpointsResult } from './endpoints-run';

/**
 * `npm run bench -- [scenario...]`: each HTTP scenario seeds a scratch database, loads the real
 * app (apps/server/src/main.ts in its own process), then a bare Fastify baseline running the same
 * SQL through the same driver, and reports both and their ratio. Results go to bench/results/.
 */
const ALL = [...Object.keys(HTTP_SCENARIOS), 'cycle-run', 'cycle-run-10-airports', 'reports', 'gasb87-roll-forward', 'assets', 'import-50k', 'endpoints', 'startup', 'first-load', 'first-text'];
const REPORTS_DEFAULT_SIZE = 200_000;
const ASSETS_DEFAULT_SIZE = 100_000;
const CYCLE_RUN_DEFAULT_SIZE = 10_000;

/** Load average (1, 5, 15 min) now: the machine is shared, so each result says how busy it was. */
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

const fmt = (n: number | null, digits = 1) => (n === null || !Number.isFinite(n) ? '-' : n.toFixed(digits));

function printLoad(label: string, r: LoadResult): void {
  console.log(
    `  ${label.padEnd(9)} ${fmt(r.requestsPerSecond, 0).padStart(8)} req/s   p50 ${fmt(r.latencyP50Ms).padStart(6)} ms   p99 ${fmt(r.latencyP99Ms).padStart(6)} ms   ` +
      `RSS ${fmt(r.rssMiB, 0)} MiB (peak ${fmt(r.peakRssMiB, 0)})   non-2xx ${r.non2xx}   errors ${r.errors}`,
  );
  if (r.expectedNon2xx > 0 || Object.keys(r.statusCounts).some((code) => !code.startsWith('2'))) {
    console.log(`            answers by status ${JSON.stringify(r.statusCounts)} (${r.expectedNon2xx} expected refusals)`);
  }
}

interface HttpReport {
  scenario: string;
  description: string;
  size: number;
  path: string;
  app: LoadResult;
  baseline: LoadResult;
  ratio: { throughput: number; latencyP50: number; latencyP99: number; rss: number | null };
  seedMs: number;
  loadAverage: { before: number[]; after: number[] };
  verified?: Record<string, unknown>;
}

async function runHttpScenario(scenario: HttpScenario, options: BenchOptions, driver: string): Promise<HttpReport> {
  const size = options.size ?? scenario.defaultSize;
  console.log(`\n== ${scenario.name}: ${scenario.description}`);
  const rate = options.rate ? `, at most ${options.rate} req/s in all` : '';
  console.log(`   size ${size}, ${options.connections} connections${rate}, ${options.duration} s (+${options.warmup} s warm-up), ${driver}`);
  const scratch = await createScratchDb(scenario.name, options.databaseUrl);
  const loadBefore = loadAverage();
  try {
    const seedStarted = Date.now();
    const database = await scratch.open();
    let seeded;
    try {
      await database.migrate();
      seeded = await scenario.seed(database, size);
      await giveMembershipsAtFirstAirport(database.query);
      // The steady state autovacuum reaches after a bulk load (PostgreSQL 13+ vacuums after
      // inserts too): visibility maps set, so counts can be index-only scans. Without it, a
      // freshly seeded table makes every count read the heap and measures the seed, not the app.
      // As the owner (platformQuery): the app role may vacuum only what it owns.
      if (!options.noVacuum) await database.platformQuery('vacuum analyze');
      // Flush the seed's dirty pages now, so the checkpoint they trigger does not land in the
      // first measured load (the app's) and spare the second (the baseline's). Needs superuser
      // or pg_checkpoint (PostgreSQL 15+); without the right the runs simply go on as before.
      if (database.kind === 'postgres') await database.platformQuery('checkpoint').catch(() => undefined);
    } finally {
      await database.close();
    }
    const seedMs = Date.now() - seedStarted;
    console.log(`   seeded in ${(seedMs / 1000).toFixed(1)} s; load average ${loadBefore.join(' ')}`);

    const load = { connections: options.connections, duration: options.duration, warmup: options.warmup, rate: options.rate };
    const app = await startServer(SERVER_MAIN, { ...scratch.env, LOG_LEVEL: options.logLevel, NODE_ENV: 'production', SESSION_SECRET: 'bench-'.padEnd(40, 'x') });
    let appResult: LoadResult;
    try {
      await checkAnswer(app, seeded, 'app');
      appResult = await drive(app, seeded, 'app', load);
    } finally {
      await app.stop();
    }
    printLoad('app', appResult);

    const baseline = await startServer(BASELINE_MAIN, { ...scratch.env, BENCH_SCENARIO: scenario.name });
    let baselineResult: LoadResult;
    try {
      await checkAnswer(baseline, seeded, 'baseline');
      baselineResult = await drive(baseline, seeded, 'baseline', load);
    } finally {
      await baseline.stop();
    }
    printLoad('baseline', baselineResult);

    const ratio = {
      throughput: appResult.requestsPerSecond / baselineResult.requestsPerSecond,
      latencyP50: appResult.latencyP50Ms / baselineResult.latencyP50Ms,
      latencyP99: appResult.latencyP99Ms / baselineResult.latencyP99Ms,
      rss: appResult.peakRssMiB && baselineResult.peakRssMiB ? appResult.peakRssMiB / baselineResult.peakRssMiB : null,
    };
    console.log(
      `  ratio     app/baseline throughput ${fmt(ratio.throughput, 2)}   p50 ${fmt(ratio.latencyP50, 2)}x   p99 ${fmt(ratio.latencyP99, 2)}x   peak RSS ${fmt(ratio.rss, 2)}x`,
    );
    const unexpected = (r: LoadResult) => r.non2xx - r.expectedNon2xx + r.errors;
    if (unexpected(appResult) + unexpected(baselineResult) > 0) {
      console.log('  WARNING: some answers were unexpected non-2xx or failed; the figures above include them.');
    }
    let verified: Record<string, unknown> | undefined;
    if (scenario.verify) {
      const database = await scratch.open();
      try {
        verified = await scenario.verify(database);
      } finally {
        await database.close();
      }
      console.log(`  database after the loads: ${JSON.stringify(verified)}`);
    }
    const loadAfter = loadAverage();
    console.log(`  load average after ${loadAfter.join(' ')}`);
    return {
      scenario: scenario.name, description: scenario.description, size, path: seeded.path, app: appResult, baseline: baselineResult, ratio,
      seedMs, loadAverage: { before: loadBefore, after: loadAfter }, verified,
    };
  } finally {
    await scratch.drop();
  }
}

async function runStartup(options: BenchOptions): Promise<StartupResult & { loadAverage: number[] }> {
  console.log('\n== startup: `npm run start -w apps/server` until /api/health answers (demo mode)');
  const scratch = await createScratchDb('startup', options.databaseUrl);
  try {
    const before = loadAverage();
    const result = { ...(await measureStartup(scratch)), loadAverage: before };
    console.log(`  load average before ${before.join(' ')}`);
    const verdict = result.secondStartMs < result.targetMs ? 'within' : 'OVER';
    console.log(`  first start (migrations + demo seed) ${(result.firstStartMs / 1000).toFixed(2)} s`);
    console.log(`  second start on the same data        ${(result.secondStartMs / 1000).toFixed(2)} s  (${verdict} the ${result.targetMs / 1000} s target)`);
    return result;
  } finally {
    await scratch.drop();
  }
}

/** A browser scenario: on the running demo at BENCH_WEB_URL when set, else on a scratch demo of its own. */
async function inBrowser<T>(name: string, options: BenchOptions, measure: (scratch: ScratchDb | null, target: string | undefined) => Promise<T>): Promise<T & { loadAverage: number[] }> {
  const target = process.env.BENCH_WEB_URL;
  const scratch = target ? null : await createScratchDb(name, options.databaseUrl);
  try {
    const before = loadAverage();
    const result = await measure(scratch, target);
    console.log(`  load average before ${before.join(' ')}`);
    return { ...result, loadAverage: before };
  } finally {
    await scratch?.drop();
  }
}

async function runFirstLoad(options: BenchOptions): Promise<FirstLoadResult & { loadAverage: number[] }> {
  console.log('\n== first-load: JavaScript on the wire per page, first visit in Chromium (built web app, demo data)');
  const result = await inBrowser('first-load', options, measureFirstLoad);
  for (const p of result.pages) {
    const verdict = p.withinBudget ? 'within' : 'OVER';
    console.log(`  ${p.page.padEnd(36)} ${fmt(p.jsWireBytes / 1024, 1).padStart(7)} KB on the wire (+${fmt(p.jsHeaderBytes / 1024, 1)} KB headers), ${fmt(p.jsDecodedBytes / 1024, 1).padStart(7)} KB decoded, ${p.jsFiles} files  (${verdict} ${p.budgetBytes / 1024} KB)`);
  }
  return result;
}

async function runFirstText(options: BenchOptions): Promise<FirstTextResult & { loadAverage: number[] }> {
  console.log('\n== first-text: the public pages\' first text on a slow phone (CPU 4x, 1.6 Mbps, 150 ms), Chromium, median of 3');
  const result = await inBrowser('first-text', options, measureFirstText);
  for (const s of result.samples) {
    const verdict = s.h1Ms <= FIRST_TEXT_TARGET_MS && s.cls <= CLS_TARGET ? 'within' : 'OVER';
    console.log(`  ${s.page.padEnd(16)} ${s.mode.padEnd(20)} first paint ${fmt(s.fcpMs, 0).padStart(5)} ms, h1 text ${fmt(s.h1Ms, 0).padStart(5)} ms, CLS ${s.cls.toFixed(3)}, JS ${fmt(s.jsWireBytes / 1024, 1)} KB  (${verdict} ${FIRST_TEXT_TARGET_MS} ms / CLS ${CLS_TARGET})`);
  }
  return result;
}

async function runCycleRun(options: BenchOptions): Promise<CycleRunResult & { loadAverage: { before: number[]; after: number[] } }> {
  const size = options.size ?? CYCLE_RUN_DEFAULT_SIZE;
  console.log(`\n== cycle-run: runInvoiceCycles over ${size} Active agreements on a monthly cycle (one property each)`);
  const scratch = await createScratchDb('cycle-run', options.databaseUrl);
  const before = loadAverage();
  try {
    const result = await measureCycleRun(scratch, size);
    const after = loadAverage();
    console.log(`  seeded in ${(result.seedMs / 1000).toFixed(1)} s; load average ${before.join(' ')}`);
    console.log(`  first run  ${(result.firstRunMs / 1000).toFixed(2)} s, ${result.created} invoices created (${fmt((result.created / result.firstRunMs) * 1000, 0)} per s)`);
    console.log(`  second run ${(result.secondRunMs / 1000).toFixed(2)} s, ${result.createdAgain} created`);
    console.log(`  overdue run ${(result.overdueRunMs / 1000).toFixed(2)} s, ${result.overdue} invoices Overdue with their late fee; again: ${result.overdueAgain}`);
    console.log(`  in the database: ${result.invoicesInDb} agreement invoices, ${result.linesInDb} rent lines, ${result.lateFeesInDb} late fees; load average after ${after.join(' ')}`);
    return { ...result, loadAverage: { before, after } };
  } finally {
    await scratch.drop();
  }
}

async function runCycleRunAirports(options: BenchOptions): Promise<CycleRunAirportsResult & { loadAverage: { before: number[]; after: number[] } }> {
  const size = options.size ?? CYCLE_RUN_DEFAULT_SIZE;
  console.log(`\n== cycle-run-10-airports: runInvoiceCycles at each of 10 airports over ${size} Active agreements in all (target <= 3 s)`);
  const scratch = await createScratchDb('cycle-run-10-airports', options.databaseUrl);
  const before = loadAverage();
  try {
    const result = await measureCycleRunAirports(scratch, size);
    const after = loadAverage();
    console.log(`  seeded ${result.agreements} agreements at ${result.airports} airports in ${(result.seedMs / 1000).toFixed(1)} s; load average ${before.join(' ')}`);
    console.log(`  first run  ${(result.firstRunMs / 1000).toFixed(2)} s, ${result.created} invoices created`);
    console.log(`  second run ${(result.secondRunMs / 1000).toFixed(2)} s, ${result.createdAgain} created`);
    console.log(`  invoices each airport sees: ${result.invoicesPerAirport.join(' ')}; load average after ${after.join(' ')}`);
    return { ...result, loadAverage: { before, after } };
  } finally {
    await scratch.drop();
  }
}

async function runReports(options: BenchOptions): Promise<ReportsBenchResult & { loadAverage: number[] }> {
  const size = options.size ?? REPORTS_DEFAULT_SIZE;
  console.log(`\n== reports: yearly billing report and the dashboard's queries over ${size} invoices (5 lines each), against their bare SQL`);
  const scratch = await createScratchDb('reports', options.databaseUrl);
  const before = loadAverage();
  try {
    const r = await measureReports(scratch, size);
    console.log(`  seeded ${r.invoices} invoices, ${r.lines} line items, ${r.payments} payments in ${(r.seedMs / 1000).toFixed(1)} s; load average ${before.join(' ')}`);
    console.log(`  yearly billing (${r.yearlyRows} companies): app ${fmt(r.yearlyMs, 1)} ms, bare SQL ${fmt(r.yearlyBareMs, 1)} ms, ratio ${fmt(r.yearlyRatio, 2)} (target <= 1.5, app <= 300 ms on PostgreSQL)`);
    console.log(`  dashboard (every module): app ${fmt(r.dashboardMs, 1)} ms, bare SQL ${fmt(r.dashboardBareMs, 1)} ms, ratio ${fmt(r.dashboardRatio, 2)} (target <= 1.5)`);
    return { ...r, loadAverage: before };
  } finally {
    await scratch.drop();
  }
}

async function runGasb87(options: BenchOptions): Promise<Gasb87BenchResult & { loadAverage: number[] }> {
  const size = options.size ?? GASB87_DEFAULT_SIZE;
  console.log(`\n== gasb87-roll-forward: the GASB 87 fiscal-year roll-forward over ${size} leases with their cached schedules (target <= 2 s)`);
  const scratch = await createScratchDb('gasb87', options.databaseUrl);
  const before = loadAverage();
  try {
    const r = await measureGasb87(scratch, size);
    console.log(`  seeded ${r.leases} leases, ${r.scheduleRows} schedule rows in ${(r.seedMs / 1000).toFixed(1)} s; load average ${before.join(' ')}`);
    console.log(`  roll-forward (${r.rollForwardRows} rows): ${fmt(r.rollForwardMs, 1)} ms (${r.rollForwardMs <= 2000 ? 'within' : 'OVER'} the 2 s target)`);
    return { ...r, loadAverage: before };
  } finally {
    await scratch.drop();
  }
}

async function runAssets(options: BenchOptions): Promise<AssetsBenchResult & { loadAverage: number[] }> {
  const size = options.size ?? ASSETS_DEFAULT_SIZE;
  console.log(`\n== assets: the map's viewport query and the list filtered by a configured field (first page), at 1,000 and ${size} assets`);
  const small = await createScratchDb('assets-1000', options.databaseUrl);
  const large = await createScratchDb(`assets-${size}`, options.databaseUrl);
  const before = loadAverage();
  try {
    const r = await measureAssets(small, large, size);
    console.log(`  seeded and measured in ${(r.seedMs / 1000).toFixed(1)} s; load average ${before.join(' ')}`);
    console.log(`  map viewport: ${fmt(r.mapSmallMs, 2)} ms at 1,000, ${fmt(r.mapLargeMs, 2)} ms at ${size} (${r.mapLargeAnswer.total} in view: ${r.mapLargeAnswer.points} points, ${r.mapLargeAnswer.clusters} clusters), ratio ${fmt(r.mapRatio, 2)}`);
    console.log(`  list filtered (Condition = Good, first page): ${fmt(r.listSmallMs, 2)} ms at 1,000, ${fmt(r.listLargeMs, 2)} ms at ${size} (total ${r.listLargeTotal}), ratio ${fmt(r.listRatio, 2)} (target <= 1.5)`);
    return { ...r, loadAverage: before };
  } finally {
    await small.drop();
    await large.drop();
  }
}

async function runImport(options: BenchOptions): Promise<ImportBenchResult> {
  const size = options.size ?? IMPORT_DEFAULT_SIZE;
  console.log(`\n== import-50k: a ${size}-row properties CSV through POST /api/Imports, dry run, then the commit job (target <= 60 s on PostgreSQL)`);
  const scratch = await createScratchDb('import-50k', options.databaseUrl);
  try {
    const r = await measureImport(scratch, size, options.logLevel);
    console.log(`  load average before ${r.loadAverage.before.map((n) => n.toFixed(2)).join(' ')}, after ${r.loadAverage.after.map((n) => n.toFixed(2)).join(' ')}`);
    console.log(`  file ${fmt(r.fileMiB, 1)} MiB, ${r.rows} rows: dry run ${fmt(r.dryRunMs / 1000, 2)} s, commit ${fmt(r.commitMs / 1000, 2)} s (${r.created} created, ${r.progressSamples} progress values seen)  (${r.commitMs <= 60_000 ? 'within' : 'OVER'} the 60 s target)`);
    console.log(`  the same file again: dry run ${fmt(r.reimportDryRunMs / 1000, 2)} s, commit ${fmt(r.reimportCommitMs / 1000, 2)} s (${r.reimportCreated} created, ${r.reimportUpdated} updated)`);
    console.log(`  server peak RSS ${fmt(r.peakRssMiB, 0)} MiB`);
    return r;
  } finally {
    await scratch.drop();
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.log(usage());
    return;
  }
  const names = options.scenarios.length > 0 ? options.scenarios : ALL;
  const unknown = names.filter((n) => !ALL.includes(n));
  if (unknown.length > 0) throw new Error(`Unknown scenario ${unknown.join(', ')}; choose from ${ALL.join(', ')}`);

  const driver = options.databaseUrl ? `PostgreSQL (${new URL(options.databaseUrl).host})` : 'PGlite (embedded)';
  const machine = { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}` };
  console.log(`Apron benchmarks on ${driver}; node ${machine.node}, ${machine.cpus} CPUs`);

  const results: Array<
    HttpReport | ({ scenario: 'startup' } & StartupResult) | ({ scenario: 'cycle-run' } & CycleRunResult) | ({ scenario: 'cycle-run-10-airports' } & CycleRunAirportsResult) | ({ scenario: 'reports' } & ReportsBenchResult) | ({ scenario: 'gasb87-roll-forward' } & Gasb87BenchResult) | ({ scenario: 'assets' } & AssetsBenchResult) | ({ scenario: 'first-load' } & FirstLoadResult) | ({ scenario: 'first-text' } & FirstTextResult) | ({ scenario: 'import-50k' } & ImportBenchResult) | ({ scenario: 'endpoints' } & EndpointsResult)
  > = [];
  for (const name of names) {
    const scenario = HTTP_SCENARIOS[name];
    if (scenario) results.push(await runHttpScenario(scenario, options, driver));
    else if (name === 'cycle-run') results.push({ scenario: 'cycle-run', ...(await runCycleRun(options)) });
    else if (name === 'cycle-run-10-airports') results.push({ scenario: 'cycle-run-10-airports', ...(await runCycleRunAirports(options)) });
    else if (name === 'reports') results.push({ scenario: 'reports', ...(await runReports(options)) });
    else if (name === 'gasb87-roll-forward') results.push({ scenario: 'gasb87-roll-forward', ...(await runGasb87(options)) });
    else if (name === 'assets') results.push({ scenario: 'assets', ...(await runAssets(options)) });
    else if (name === 'endpoints') {
      console.log(`\n== endpoints: every list endpoint and the main writes, app vs bare route (each >= ${MIN_RATIO}), app RSS <= ${MAX_RSS_MIB} MiB, ${driver}`);
      results.push({ scenario: 'endpoints', ...(await measureEndpoints(options, options.explicit)) });
    } else if (name === 'import-50k') results.push({ scenario: 'import-50k', ...(await runImport(options)) });
    else if (name === 'first-load') results.push({ scenario: 'first-load', ...(await runFirstLoad(options)) });
    else if (name === 'first-text') results.push({ scenario: 'first-text', ...(await runFirstText(options)) });
    else results.push({ scenario: 'startup', ...(await runStartup(options)) });
  }

  const dir = path.join(BENCH_DIR, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${names.join('+')}.json`);
  const { databaseUrl: _url, ...shownOptions } = options;
  fs.writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), driver, machine, options: shownOptions, results }, null, 2)}\n`);
  console.log(`\nSaved ${path.relative(process.cwd(), file)}`);
  // A scenario with targets of its own (endpoints) fails the run when one is missed.
  if (results.some((r) => r.scenario === 'endpoints' && 'passed' in r && !r.passed)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
