import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@apron/core';
import { DEFAULT_ASSET_LOCATION } from '@apron/core/assets/index';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { seedDemoAssets } from './assets.seed-support';

let t: TestApp;
let staff: Caller;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signIn(t, {});
});
afterAll(async () => t?.close());

describe('demo assets', () => {
  it('seeds 300 assets of three types around the default location, once', async () => {
    expect(await seedDemoAssets(t.db)).toEqual({ assets: 300 });
    expect(await seedDemoAssets(t.db)).toEqual({ assets: 0 });
    const masters = (await staff.request({ method: 'GET', url: '/api/Assets/Masters' })).json() as Array<{ _id: string; name: string; assetCount: number }>;
    expect(masters.map((m) => [m.name, m.assetCount])).toEqual([['Fire Hydrants', 100], ['Hangar Doors', 100], ['Runway Lights', 100]]);
    const { lat, lon } = DEFAULT_ASSET_LOCATION;
    const map = await staff.request({ method: 'GET', url: `/api/Assets/Map?west=${lon - 0.03}&south=${lat - 0.03}&east=${lon + 0.03}&north=${lat + 0.03}` });
    expect(map.json().total).toBe(300);
    // The typed rows exist: a filter on a configured field finds its share.
    const lights = masters.find((m) => m.name === 'Runway Lights')!;
    const good = await staff.request({ method: 'GET', url: `/api/Assets/GetAssets?assetId=${lights._id}&filterField=condition&filterOperator=equals&filterValue=Good` });
    expect(Number(good.headers[TOTAL_COUNT_HEADER])).toBe(33);
    expect(good.json().every((row: { condition: string }) => row.condition === 'Good')).toBe(true);
  });
});
