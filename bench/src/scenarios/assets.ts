import { sql } from 'drizzle-orm';
import { DEFAULT_ASSET_LOCATION, ZAssetListQuery, type TAssetFieldConfig } from '@apron/core/assets/index';
import { insertAssetMaster, insertSpreadAssets, rebuildFieldRows } from '../../../apps/server/src/modules/assets/assets.seed-support';
import { assetMap, findMaster, listAssets, matchingAssets, planAssetList } from '../../../apps/server/src/modules/assets/assets.bench-support';
import { countMatching } from '../../../apps/server/src/platform/http/http.bench-support';
import type { Database } from '../../../apps/server/src/db/db.bench-support';
import type { ScratchDb } from '../scratch-db';

/**
 * Issue 12 item 14: the asset map's viewport query and the asset list filtered by a configured
 * field (first page), each at 1,000 assets and at `size` (default 100,000) assets, in one run,
 * reported as the ratio large/small. In-process calls of the app's own service and repo (the
 * HTTP overhead is what the HTTP scenarios measure). Assets are spread over the same 0.2° square
 * around the default location at both sizes, so the large map view holds 100x the assets: past
 * the point limit the server answers grid clusters. The viewport is a zoom-13 window (about
 * 0.044° x 0.022°, a 1,000 x 600 px map) at the centre.
 */
export interface AssetsBenchResult {
  small: number;
  large: number;
  seedMs: number;
  mapSmallMs: number;
  mapLargeMs: number;
  mapRatio: number;
  mapLargeAnswer: { total: number; points: number; clusters: number };
  listSmallMs: number;
  listLargeMs: number;
  listRatio: number;
  listLargeTotal: number;
}

const FIELDS: TAssetFieldConfig[] = [
  { fieldName: 'condition', fieldLabel: 'Condition', fieldType: 'String', isRequired: true, domainvalues: ['Good', 'Fair', 'Poor'], showOnGrid: true },
  { fieldName: 'wattage', fieldLabel: 'Wattage', fieldType: 'Number', isRequired: false, domainvalues: [], showOnGrid: true },
  { fieldName: 'installedOn', fieldLabel: 'Installed On', fieldType: 'Date', isRequired: false, domainvalues: [], showOnGrid: true },
  { fieldName: 'serial', fieldLabel: 'Serial', fieldType: 'String', isRequired: false, domainvalues: [], showOnGrid: false },
];
const VALUES = sql`jsonb_build_object('condition', (array['Good','Fair','Poor'])[1 + g % 3], 'wattage', 45 + (g % 4) * 15,
  'installedOn', to_char(date '2015-01-01' + (g * 37) % 3650, 'YYYY-MM-DD'), 'serial', 'RL-' || lpad(g::text, 6, '0'))`;

async function seed(database: Database, count: number): Promise<string> {
  const master = await insertAssetMaster(database.db, { name: 'Bench Lights', description: 'Bench', color: '#f9a825', formId: 'bench', fields: FIELDS });
  await insertSpreadAssets(database.db, { masterId: master.id, count, lat: DEFAULT_ASSET_LOCATION.lat, lon: DEFAULT_ASSET_LOCATION.lon, spread: 0.1, values: VALUES, offset: 0 });
  await rebuildFieldRows(database.db, master.id);
  // As the owner: the app role's own `analyze` skips tables it does not own (row-level security).
  await database.platformQuery('analyze');
  return master.id;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(rounds: number, run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function measureOne(scratch: ScratchDb, count: number, rounds: number) {
  const database = await scratch.open();
  try {
    await database.migrate();
    const masterId = await seed(database, count);
    const master = (await findMaster(database.db, masterId))!;
    const { lat, lon } = DEFAULT_ASSET_LOCATION;
    const viewport = { west: lon - 0.022, east: lon + 0.022, south: lat - 0.011, north: lat + 0.011 };
    let answer = { total: 0, points: 0, clusters: 0 };
    const mapMs = await timed(rounds, async () => {
      const result = await assetMap(database.db, viewport);
      answer = { total: result.total, points: result.points.length, clusters: result.clusters.length };
    });
    // The grid's request: first page, newest first, filtered Condition = Good.
    const query = ZAssetListQuery.parse({ assetId: masterId, page: 1, pageSize: 10, filterField: 'condition', filterOperator: 'equals', filterValue: 'Good' });
    let total = 0;
    const listMs = await timed(rounds, async () => {
      const plan = planAssetList(master, query);
      const [rows, counted] = await Promise.all([listAssets(database.db, plan), countMatching(database.db, matchingAssets(database.db, plan), query)]);
      if (rows.length !== 10) throw new Error(`expected a full first page, got ${rows.length}`);
      total = counted.total;
    });
    return { mapMs, listMs, answer, total };
  } finally {
    await database.close();
  }
}

export async function measureAssets(small: ScratchDb, large: ScratchDb, size: number, rounds = 31): Promise<AssetsBenchResult> {
  const started = Date.now();
  const a = await measureOne(small, 1_000, rounds);
  const b = await measureOne(large, size, rounds);
  return {
    small: 1_000,
    large: size,
    seedMs: Date.now() - started,
    mapSmallMs: a.mapMs,
    mapLargeMs: b.mapMs,
    mapRatio: b.mapMs / a.mapMs,
    mapLargeAnswer: b.answer,
    listSmallMs: a.listMs,
    listLargeMs: b.listMs,
    listRatio: b.listMs / a.listMs,
    listLargeTotal: b.total,
  };
}
