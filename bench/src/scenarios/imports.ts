import os from 'node:os';
import type { Database } from '../../../apps/server/src/db/db.bench-support';
import { createSession, CSRF_HEADER, SESSION_COOKIE } from '../../../apps/server/src/platform/auth/auth.bench-support';
import { giveMembershipsAtFirstAirport } from '../scenarios';
import type { ScratchDb } from '../scratch-db';
import { memoryOf, SERVER_MAIN, startServer, type RunningServer } from '../server-process';

/**
 * Issue 23: `import-50k` — a properties file of `size` rows (default 50,000; one attribute each)
 * uploaded to the real server (its own process, jobs running), dry run, then committed by the
 * job, polled as the page polls it; then the same file again (it must create and change nothing).
 * Target: the commit within 60 s on 2 cores on PostgreSQL. Peak RSS is the server process's
 * (VmHWM): the file is streamed into the staging table, so it should not grow with the rows.
 */
export interface ImportBenchResult {
  rows: number;
  fileMiB: number;
  dryRunMs: number;
  commitMs: number;
  created: number;
  progressSamples: number;
  reimportDryRunMs: number;
  reimportCommitMs: number;
  reimportCreated: number;
  reimportUpdated: number;
  peakRssMiB: number | null;
  loadAverage: { before: number[]; after: number[] };
}

export const IMPORT_DEFAULT_SIZE = 50_000;

async function seedImportTarget(database: Database): Promise<Record<string, string>> {
  await database.query(`insert into property_types (name) values ('Bench Import Hangar')`);
  await database.query(`insert into property_areas (name) values ('Bench Import Area')`);
  const attribute = await database.query(`insert into property_attributes (name, attribute_type) values ('Door width', 'Numeric') returning id`);
  await database.query(
    `insert into property_type_attributes (type_id, attribute_id, position) select id, $1::uuid, 0 from property_types where name = 'Bench Import Hangar'`,
    [attribute.rows[0]!.id],
  );
  const { rows } = await database.query(
    `insert into accounts (email, given_name, family_name, is_internal, is_admin, modules)
     values ('import-admin@bench.apron.test', 'Import', 'Admin', true, true, '{Settings,Property}'::text[]) returning id`,
  );
  const session = await createSession(database.db, String(rows[0]!.id));
  return { cookie: `${SESSION_COOKIE}=${session.token}`, [CSRF_HEADER]: session.csrfToken };
}

function propertiesCsv(size: number): string {
  const lines = ['externalId,name,propertyType,area,description,address,rent,status,availableDate,visibleToExternal,latitude,longitude,attributes'];
  for (let i = 1; i <= size; i++) {
    lines.push(`OLD-${i},Hangar ${i},Bench Import Hangar,Bench Import Area,Imported hangar ${i},${i} Taxiway Rd,"$${(400 + (i % 300)).toLocaleString('en-US')}.50",Active,01/15/2026,${i % 2 ? 'yes' : 'no'},39.${i % 1000},-104.${i % 1000},Door width=${40 + (i % 20)}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface BatchAnswer {
  batchId: string;
  status: string;
  errorCount: number;
  createdCount: number;
  updatedCount: number;
  progress: number;
}

async function upload(server: RunningServer, headers: Record<string, string>, csv: string): Promise<{ batch: BatchAnswer; ms: number }> {
  const form = new FormData();
  form.append('kind', 'properties');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'properties.csv');
  const started = performance.now();
  const res = await fetch(`${server.url}/api/Imports`, { method: 'POST', headers, body: form });
  const ms = performance.now() - started;
  const batch = (await res.json()) as BatchAnswer;
  if (res.status !== 200 || batch.errorCount !== 0) throw new Error(`dry run answered ${res.status}: ${JSON.stringify(batch).slice(0, 500)}`);
  return { batch, ms };
}

async function commit(server: RunningServer, headers: Record<string, string>, batchId: string): Promise<{ batch: BatchAnswer; ms: number; samples: number }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/Imports/${batchId}/Commit`, { method: 'POST', headers });
  if (res.status !== 202) throw new Error(`commit answered ${res.status}: ${await res.text()}`);
  const seen = new Set<number>();
  for (;;) {
    const batch = (await (await fetch(`${server.url}/api/Imports/${batchId}?pageSize=1`, { headers })).json()) as BatchAnswer;
    seen.add(batch.progress);
    if (batch.status !== 'committing') {
      if (batch.status !== 'committed') throw new Error(`import ended ${batch.status}: ${JSON.stringify(batch).slice(0, 500)}`);
      return { batch, ms: performance.now() - started, samples: seen.size };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function measureImport(scratch: ScratchDb, size: number, logLevel: string): Promise<ImportBenchResult> {
  const database = await scratch.open();
  let headers: Record<string, string>;
  try {
    await database.migrate();
    headers = await seedImportTarget(database);
    await giveMembershipsAtFirstAirport(database.query);
  } finally {
    await database.close();
  }
  const csv = propertiesCsv(size);
  const before = os.loadavg();
  const server = await startServer(SERVER_MAIN, { ...scratch.env, LOG_LEVEL: logLevel, NODE_ENV: 'production', SESSION_SECRET: 'bench-'.padEnd(40, 'x') });
  try {
    const first = await upload(server, headers, csv);
    const committed = await commit(server, headers, first.batch.batchId);
    const again = await upload(server, headers, csv);
    const recommitted = await commit(server, headers, again.batch.batchId);
    return {
      rows: size, fileMiB: Buffer.byteLength(csv) / 2 ** 20,
      dryRunMs: first.ms, commitMs: committed.ms, created: committed.batch.createdCount, progressSamples: committed.samples,
      reimportDryRunMs: again.ms, reimportCommitMs: recommitted.ms, reimportCreated: recommitted.batch.createdCount, reimportUpdated: recommitted.batch.updatedCount,
      peakRssMiB: server.child.pid ? (memoryOf(server.child.pid)?.peakRssMiB ?? null) : null,
      loadAverage: { before, after: os.loadavg() },
    };
  } finally {
    await server.stop();
  }
}
