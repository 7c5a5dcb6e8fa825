import { count } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { savedReports } from './reports.table';

/** Two saved charts for the demo's charts view (idempotent: only into an empty list). */
export async function seedDemoReports(db: Db, config: Pick<Config, 'demo'>): Promise<{ saved: number }> {
  if (!config.demo) return { saved: 0 };
  const [row] = await db.select({ n: count() }).from(savedReports);
  if (Number(row?.n ?? 0) > 0) return { saved: 0 };
  const demo = [
    { label: 'Billed by month', measure: 'billed', grouping: 'Monthly', chartType: 'Bar' },
    { label: 'Collected by month', measure: 'collected', grouping: 'Monthly', chartType: 'Bar' },
    { label: 'Parking by aircraft type', measure: 'parkingByAircraftType', grouping: 'Monthly', chartType: 'Pie' },
  ];
  await db.insert(savedReports).values(demo);
  return { saved: demo.length };
}
