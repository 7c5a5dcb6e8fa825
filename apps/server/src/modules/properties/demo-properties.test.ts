import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_PROPERTY_COUNT, seedDemoProperties } from './demo-properties';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apron-demo-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('seedDemoProperties', () => {
  it('builds an airport of about 40 listings with images, once', async () => {
    expect(DEMO_PROPERTY_COUNT).toBeGreaterThanOrEqual(40);
    expect(await seedDemoProperties(t.db, t.config)).toEqual({ created: DEMO_PROPERTY_COUNT });
    expect(await seedDemoProperties(t.db, t.config)).toEqual({ created: 0 });

    const res = await t.app.inject({ method: 'GET', url: '/api/Listings?pageSize=100&sort=type:asc' });
    const listings = res.json() as Array<{ type: string; image: string | null; location: { lat: number; lon: number } }>;
    expect(listings.length).toBeGreaterThan(30);
    expect(new Set(listings.map((l) => l.type))).toEqual(new Set(['Box Hangar', 'Land', 'Office', 'T-Hangar', 'Tie-Down']));
    const withImage = listings.filter((l) => l.image);
    expect(withImage.length).toBeGreaterThan(5);
    for (const l of listings) {
      expect(Math.abs(l.location.lat - 39.193)).toBeLessThan(0.01);
      expect(Math.abs(l.location.lon + 119.734)).toBeLessThan(0.01);
    }
    const image = await t.app.inject({ method: 'GET', url: withImage[0]!.image! });
    expect(image.statusCode).toBe(200);
  });
});
