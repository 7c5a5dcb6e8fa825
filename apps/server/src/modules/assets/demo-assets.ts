import { eq, sql } from 'drizzle-orm';
import { DEFAULT_ASSET_LOCATION, type TAssetFieldConfig } from '@apron/core/assets/index';
import type { Db } from '../../db/client';
import { ensureDemoForm } from '../forms/index';
import { insertMaster } from './asset-masters.repo';
import { insertSpreadAssets, rebuildFieldRows } from './asset-seed';
import { assetMasters } from './assets.table';

const field = (f: Partial<TAssetFieldConfig> & Pick<TAssetFieldConfig, 'fieldName' | 'fieldLabel' | 'fieldType'>): TAssetFieldConfig => ({
  isRequired: false, domainvalues: [], showOnGrid: true, ...f,
});

/** The three demo types: their configuration and how each asset's values are made from `g`. */
const DEMO_TYPES = [
  {
    name: 'Runway Lights',
    description: 'Edge and threshold lights of runways 16/34 and 7/25',
    color: '#f9a825',
    form: 'runwayLights' as const,
    fields: [
      field({ fieldName: 'condition', fieldLabel: 'Condition', fieldType: 'String', isRequired: true, domainvalues: ['Good', 'Fair', 'Poor'] }),
      field({ fieldName: 'wattage', fieldLabel: 'Wattage', fieldType: 'Number' }),
      field({ fieldName: 'installedOn', fieldLabel: 'Installed On', fieldType: 'Date' }),
      field({ fieldName: 'lit', fieldLabel: 'Lit', fieldType: 'Boolean' }),
      field({ fieldName: 'serial', fieldLabel: 'Serial Number', fieldType: 'String', showOnGrid: false }),
    ],
    values: sql`jsonb_build_object('condition', (array['Good','Fair','Poor'])[1 + g % 3], 'wattage', 45 + (g % 4) * 15,
      'installedOn', to_char(date '2015-01-01' + (g * 37) % 3650, 'YYYY-MM-DD'), 'lit', g % 9 <> 0, 'serial', 'RL-' || lpad(g::text, 5, '0'))`,
  },
  {
    name: 'Hangar Doors',
    description: 'Doors of the T-hangars and the box hangars',
    color: '#1e88e5',
    form: 'hangarDoor' as const,
    fields: [
      field({ fieldName: 'hangar', fieldLabel: 'Hangar', fieldType: 'String', isRequired: true }),
      field({ fieldName: 'doorType', fieldLabel: 'Door Type', fieldType: 'String', domainvalues: ['Sliding', 'Bi-fold', 'Hydraulic'] }),
      field({ fieldName: 'lastServiced', fieldLabel: 'Last Serviced', fieldType: 'Date' }),
      field({ fieldName: 'motorized', fieldLabel: 'Motorized', fieldType: 'Boolean' }),
    ],
    values: sql`jsonb_build_object('hangar', 'Hangar ' || chr(65 + g % 6) || '-' || (1 + g % 20), 'doorType', (array['Sliding','Bi-fold','Hydraulic'])[1 + g % 3],
      'lastServiced', to_char(date '2024-01-01' + (g * 11) % 600, 'YYYY-MM-DD'), 'motorized', g % 2 = 0)`,
  },
  {
    name: 'Fire Hydrants',
    description: 'Hydrants on the apron and along the taxiways',
    color: '#e53935',
    form: 'hangarDoor' as const,
    fields: [
      field({ fieldName: 'flowRate', fieldLabel: 'Flow Rate (gpm)', fieldType: 'Number', isRequired: true }),
      field({ fieldName: 'capColor', fieldLabel: 'Cap Color', fieldType: 'String', domainvalues: ['Red', 'Orange', 'Green', 'Blue'] }),
      field({ fieldName: 'lastTested', fieldLabel: 'Last Tested', fieldType: 'Date' }),
      field({ fieldName: 'operational', fieldLabel: 'Operational', fieldType: 'Boolean' }),
    ],
    values: sql`jsonb_build_object('flowRate', 500 + (g % 11) * 100, 'capColor', (array['Red','Orange','Green','Blue'])[1 + g % 4],
      'lastTested', to_char(date '2025-01-01' + (g * 5) % 300, 'YYYY-MM-DD'), 'operational', g % 13 <> 0)`,
  },
];

export const DEMO_ASSETS_PER_TYPE = 100;

/** Demo: three asset types with 100 assets each around the default location (idempotent). */
export async function seedDemoAssets(db: Db): Promise<{ assets: number }> {
  const [existing] = await db.select({ id: assetMasters.id }).from(assetMasters).where(eq(assetMasters.name, DEMO_TYPES[0]!.name)).limit(1);
  if (existing) return { assets: 0 };
  await db.transaction(async (tx) => {
    for (const [index, type] of DEMO_TYPES.entries()) {
      const formId = await ensureDemoForm(tx, type.form);
      const master = await insertMaster(tx, { name: type.name, description: type.description, color: type.color, formId, status: true, fields: type.fields });
      // ~2 km around the airport's reference point.
      await insertSpreadAssets(tx, { masterId: master.id, count: DEMO_ASSETS_PER_TYPE, lat: DEFAULT_ASSET_LOCATION.lat, lon: DEFAULT_ASSET_LOCATION.lon, spread: 0.02, values: type.values, offset: index * 1000 });
      await rebuildFieldRows(tx, master.id);
    }
  });
  return { assets: DEMO_TYPES.length * DEMO_ASSETS_PER_TYPE };
}
