import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_PROPERTY_LOCATION } from '@apron/core';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  properties, propertyAreas, propertyAttributes, propertyAttributeValues, propertyImages, propertyTypeAttributes, propertyTypes,
} from './properties.table';
import { createFileStorage } from '../../platform/files/index';
import { imageStorageOn, storeImage, type ImageStorage } from './property-images';

/**
 * Demo data (issue 3 item 11): a believable airport of about 40 properties — T-hangars, box
 * hangars, tie-downs, offices and land — around the default map point, with generated images.
 * Idempotent: master data is matched by name and a property is added only when its name is new.
 */
const AREAS = [
  ['North Ramp', 'Hangar rows north of runway 16/34'],
  ['South Ramp', 'Transient parking and tie-downs'],
  ['East Apron', 'Corporate hangars next to the FBO'],
  ['Terminal', 'Offices in and beside the terminal building'],
  ['Airport Industrial Park', 'Land parcels for aviation businesses'],
] as const;

const ATTRIBUTES = [
  ['Door Width (ft)', 'Clear width of the hangar door', 'Numeric', true, true],
  ['Floor Area (sq ft)', 'Usable floor area', 'Numeric', true, true],
  ['Electric Power', 'Power available on site', 'Text', true, false],
  ['Surface', 'Paved or grass', 'Text', true, false],
  ['Acreage', 'Parcel size in acres', 'Numeric', true, true],
  ['Last Inspection', 'Date of the last fire and safety inspection', 'Date', false, true],
] as const;

const TYPES: Record<string, readonly string[]> = {
  'T-Hangar': ['Door Width (ft)', 'Floor Area (sq ft)', 'Electric Power', 'Last Inspection'],
  'Box Hangar': ['Door Width (ft)', 'Floor Area (sq ft)', 'Electric Power', 'Last Inspection'],
  'Tie-Down': ['Surface'],
  Office: ['Floor Area (sq ft)', 'Last Inspection'],
  Land: ['Acreage', 'Electric Power'],
};

/** A small deterministic generator so every seed builds the same airport. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface DemoProperty {
  name: string;
  type: keyof typeof TYPES;
  area: string;
  rent: number;
  description: string;
  address: string;
  values: Record<string, string>;
}

function demoProperties(): DemoProperty[] {
  const rnd = random(42);
  const list: DemoProperty[] = [];
  const inspection = (i: number) => `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
  for (let i = 1; i <= 14; i++) {
    const row = i <= 7 ? 'A' : 'B';
    list.push({
      name: `T-Hangar ${row}${String(i).padStart(2, '0')}`, type: 'T-Hangar', area: 'North Ramp', rent: 325 + Math.round(rnd() * 12) * 25,
      description: `Nested T-hangar in row ${row} for a single-engine aircraft; bi-fold door, concrete floor${i % 3 === 0 ? ', workbench' : ''}.`,
      address: `${100 + i} Hangar Row ${row}, Carson City, NV`,
      values: { 'Door Width (ft)': String(40 + (i % 3) * 2), 'Floor Area (sq ft)': String(1000 + (i % 4) * 50), 'Electric Power': i % 2 ? '110V' : '110V / 220V', 'Last Inspection': inspection(i) },
    });
  }
  for (let i = 1; i <= 8; i++) {
    list.push({
      name: `Box Hangar ${i}`, type: 'Box Hangar', area: i <= 4 ? 'East Apron' : 'North Ramp', rent: 1100 + Math.round(rnd() * 20) * 50,
      description: `Heated box hangar for a twin or light jet; ${i % 2 ? 'hydraulic' : 'sliding'} door, office and restroom.`,
      address: `${200 + i * 4} Airport Road, Carson City, NV`,
      values: { 'Door Width (ft)': String(55 + i * 2), 'Floor Area (sq ft)': String(2400 + i * 300), 'Electric Power': '3-phase 208V', 'Last Inspection': inspection(i + 20) },
    });
  }
  for (let i = 1; i <= 10; i++) {
    list.push({
      name: `Tie-Down S-${String(i).padStart(2, '0')}`, type: 'Tie-Down', area: 'South Ramp', rent: 65 + (i % 4) * 10,
      description: `Monthly tie-down spot with ropes and chocks${i % 3 === 0 ? ', near the self-serve fuel' : ''}.`,
      address: `South Ramp spot ${i}, Carson City, NV`,
      values: { Surface: i <= 7 ? 'Paved' : 'Grass' },
    });
  }
  for (let i = 1; i <= 5; i++) {
    list.push({
      name: `Terminal Office ${100 + i}`, type: 'Office', area: 'Terminal', rent: 650 + i * 125,
      description: `Office suite ${100 + i} with ramp view${i === 1 ? ', suitable for a flight school' : ''}; shared lobby and restrooms.`,
      address: `2600 E Graves Ln Suite ${100 + i}, Carson City, NV`,
      values: { 'Floor Area (sq ft)': String(300 + i * 120), 'Last Inspection': inspection(i + 40) },
    });
  }
  for (let i = 1; i <= 4; i++) {
    list.push({
      name: `Parcel IP-${i}`, type: 'Land', area: 'Airport Industrial Park', rent: 1500 + i * 400,
      description: `Ground lease parcel with taxiway access, ready for a ${i % 2 ? 'corporate hangar' : 'maintenance shop'}.`,
      address: `Parcel ${i}, Industrial Way, Carson City, NV`,
      values: { Acreage: (0.5 + i * 0.25).toFixed(2), 'Electric Power': i % 2 ? 'At the lot line' : 'Not connected' },
    });
  }
  return list;
}

/** A hangar-ish picture: sky, ground and a building in the type's colour (no fonts needed). */
async function demoImage(hue: number, variant: number): Promise<Buffer> {
  const building = `hsl(${hue}, 45%, ${40 + (variant % 3) * 8}%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" fill="hsl(205, 70%, ${78 - variant * 3}%)"/>
    <rect y="290" width="640" height="110" fill="hsl(95, 25%, 45%)"/>
    <rect y="330" width="640" height="30" fill="#555"/>
    <polygon points="${120 + variant * 10},290 ${120 + variant * 10},170 320,${110 - variant * 5} ${520 - variant * 10},170 ${520 - variant * 10},290" fill="${building}"/>
    <rect x="${200 + variant * 6}" y="200" width="${240 - variant * 12}" height="90" fill="hsl(${hue}, 20%, 85%)"/>
    <circle cx="${560 - variant * 40}" cy="70" r="30" fill="#fce38a"/>
  </svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const TYPE_HUES: Record<string, number> = { 'T-Hangar': 210, 'Box Hangar': 0, 'Tie-Down': 40, Office: 280, Land: 120 };

/**
 * `only` keeps the demo properties whose name it accepts: the demo's reliever field (demo/reliever.ts)
 * gets a few hangars and tie-downs of the same list instead of the whole airport.
 */
export async function seedDemoProperties(
  db: Db,
  config: Pick<Config, 'dataDir' | 's3'>,
  storage: ImageStorage = imageStorageOn(createFileStorage(config)),
  only: (name: string) => boolean = () => true,
): Promise<{ created: number }> {
  await db.insert(propertyAreas).values(AREAS.map(([name, description]) => ({ name, description }))).onConflictDoNothing();
  await db
    .insert(propertyAttributes)
    .values(ATTRIBUTES.map(([name, description, attributeType, allowFiltering, allowSorting]) => ({ name, description, attributeType, allowFiltering, allowSorting })))
    .onConflictDoNothing();
  await db.insert(propertyTypes).values(Object.keys(TYPES).map((name) => ({ name }))).onConflictDoNothing();

  const byName = <T extends { id: string; name: string }>(rows: T[]) => new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  const areaIds = byName(await db.select({ id: propertyAreas.id, name: propertyAreas.name }).from(propertyAreas));
  const attributeIds = byName(await db.select({ id: propertyAttributes.id, name: propertyAttributes.name }).from(propertyAttributes));
  const typeIds = byName(await db.select({ id: propertyTypes.id, name: propertyTypes.name }).from(propertyTypes));
  for (const [type, names] of Object.entries(TYPES)) {
    await db
      .insert(propertyTypeAttributes)
      .values(names.map((name, position) => ({ typeId: typeIds.get(type.toLowerCase())!, attributeId: attributeIds.get(name.toLowerCase())!, position })))
      .onConflictDoNothing();
  }

  const wanted = demoProperties().filter((p) => only(p.name));
  const existing = new Set(
    (await db.select({ name: properties.name }).from(properties).where(inArray(properties.name, wanted.map((p) => p.name)))).map((r) => r.name),
  );
  const rnd = random(7);
  let created = 0;
  for (const [index, item] of wanted.entries()) {
    if (existing.has(item.name)) continue;
    const hidden = index % 9 === 8; // a few staff-only listings
    const inactive = index % 13 === 12;
    const [row] = await db
      .insert(properties)
      .values({
        name: item.name, description: item.description, address: item.address,
        areaId: areaIds.get(item.area.toLowerCase())!, propertyTypeId: typeIds.get(item.type.toLowerCase())!,
        rentCents: item.rent * 100,
        availableDate: `2026-${String((index % 12) + 1).padStart(2, '0')}-01`,
        visibleToExternal: !hidden, status: inactive ? 'Inactive' : 'Active',
        lat: DEFAULT_PROPERTY_LOCATION.lat + (rnd() - 0.5) * 0.012,
        lon: DEFAULT_PROPERTY_LOCATION.lon + (rnd() - 0.5) * 0.016,
      })
      .returning({ id: properties.id });
    const values = Object.entries(item.values).map(([name, value]) => ({ propertyId: row!.id, attributeId: attributeIds.get(name.toLowerCase())!, value }));
    if (values.length > 0) await db.insert(propertyAttributeValues).values(values);
    // Every fourth property gets a header image and one gallery picture; each is distinct.
    if (index % 4 === 0) {
      const header = await storeImage(storage, await demoImage(TYPE_HUES[item.type]!, index % 5));
      await db.update(properties).set({ headerImageKey: header.storageKey, headerThumbKey: header.thumbKey }).where(eq(properties.id, row!.id));
      const gallery = await storeImage(storage, await demoImage((TYPE_HUES[item.type]! + 30) % 360, (index + 2) % 5));
      await db.insert(propertyImages).values({ propertyId: row!.id, ...gallery, position: 0 });
    }
    created += 1;
  }
  return { created };
}

/** Rows in the demo (for tests and the demo seed's summary). */
export const DEMO_PROPERTY_COUNT = demoProperties().length;
