import { sql } from 'drizzle-orm';
import { runInvoiceCycles } from '../../../apps/server/src/modules/invoices/invoices.bench-support';
import { FIRST_AIRPORT_ID, insertAirport, withAirport } from '../../../apps/server/src/platform/tenancy/tenancy.bench-support';
import { rowsOf } from '../../../apps/server/src/db/db.bench-support';
import type { ScratchDb } from '../scratch-db';
import { seedCycleAgreements } from './cycles';

/**
 * Issue 22: the monthly invoice run over `size` Active agreements (default 10,000) spread over 10
 * airports, 1/10 each. The daily `invoices.cycles` job runs once per enabled airport, each in its
 * own scope (platform/jobs/airport-jobs.ts); this times the same: `runInvoiceCycles` at each airport
 * in turn, in the harness process. Target: the whole run <= 3 s; a second run creates nothing; each
 * airport's invoices are its own (counted per airport under row-level security).
 */
export const AIRPORT_COUNT = 10;

export interface CycleRunAirportsResult {
  airports: number;
  agreements: number;
  seedMs: number;
  firstRunMs: number;
  created: number;
  secondRunMs: number;
  createdAgain: number;
  /** Agreement invoices each airport sees (row-level security): `size / airports` each when right. */
  invoicesPerAirport: number[];
}

async function runAtEveryAirport(db: Parameters<typeof runInvoiceCycles>[0], airportIds: string[]): Promise<{ ms: number; created: number }> {
  const started = performance.now();
  let created = 0;
  for (const id of airportIds) created += (await withAirport(id, () => runInvoiceCycles(db))).created;
  return { ms: performance.now() - started, created };
}

export async function measureCycleRunAirports(scratch: ScratchDb, size: number): Promise<CycleRunAirportsResult> {
  const database = await scratch.open();
  try {
    const seedStarted = Date.now();
    await database.migrate();
    const airportIds = [FIRST_AIRPORT_ID];
    for (let i = 2; i <= AIRPORT_COUNT; i++) {
      airportIds.push((await insertAirport(database.db, { code: `B${String(i).padStart(2, '0')}`, name: `Bench Airport ${i}`, timeZone: 'America/Los_Angeles' })).id);
    }
    const perAirport = Math.ceil(size / AIRPORT_COUNT);
    for (const id of airportIds) await withAirport(id, () => seedCycleAgreements(database.db, perAirport, 50));
    // As the owner: the app role's own `analyze` skips tables it does not own.
    await database.platformQuery('analyze');
    const seedMs = Date.now() - seedStarted;

    const first = await runAtEveryAirport(database.db, airportIds);
    const second = await runAtEveryAirport(database.db, airportIds);
    const invoicesPerAirport: number[] = [];
    for (const id of airportIds) {
      const [row] = await withAirport(id, async () =>
        rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from invoices where agreement_id is not null`)),
      );
      invoicesPerAirport.push(Number(row!.n));
    }
    return {
      airports: AIRPORT_COUNT, agreements: perAirport * AIRPORT_COUNT, seedMs, firstRunMs: first.ms, created: first.created,
      secondRunMs: second.ms, createdAgain: second.created, invoicesPerAirport,
    };
  } finally {
    await database.close();
  }
}
