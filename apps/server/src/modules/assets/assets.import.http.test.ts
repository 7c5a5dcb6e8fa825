import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { importAndCommit, importFile, undoImport, type ImportPreviewBody } from '../../../test/imports';
import { FIRST_AIRPORT_ID, withAirport } from '../../platform/tenancy/index';
import { seedDemoAssets } from './assets.seed-support';

/**
 * Issue 23: the `assets` kind through HTTP, against the demo's asset types (Runway Lights, Hangar
 * Doors, Fire Hydrants): template, dry run, commit, re-import, update, undo. Run it on PostgreSQL
 * too: DATABASE_URL=postgres://... npx vitest run src/modules/assets/assets.import.http.test.ts
 */
let t: TestApp;
let admin: Caller;
let masters: Record<string, string>;

const header = 'externalId,master,status,latitude,longitude,fields';

async function assetsOf(master: string, filter = ''): Promise<Array<Record<string, unknown>>> {
  const res = await admin.request({ method: 'GET', url: `/api/Assets/GetAssets?assetId=${masters[master]}&pageSize=100&sort=assetnumber:desc${filter}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const imported = async (master: string, serialOrHangar: string) =>
  (await assetsOf(master)).filter((asset) => asset.serial === serialOrHangar || asset.hangar === serialOrHangar);

beforeAll(async () => {
  t = await createTestApp();
  await withAirport(FIRST_AIRPORT_ID, () => seedDemoAssets(t.db));
  admin = await asAdmin(t);
  const list = (await admin.request({ method: 'GET', url: '/api/Assets/Masters' })).json() as Array<{ _id: string; name: string }>;
  masters = Object.fromEntries(list.map((master) => [master.name, master._id]));
});
afterAll(async () => t?.close());

describe('assets import', () => {
  it('the template is the columns and an example row that imports against the demo asset types', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/Imports/Templates/assets' });
    expect(res.statusCode).toBe(200);
    expect(res.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(header);
    const preview = (await importFile(t, admin, 'assets', res.body)).json() as ImportPreviewBody;
    expect(preview.errors).toEqual([]);
    expect(preview.rowCount).toBe(1);
  });

  it('a dry run names the bad cells by row and column and writes nothing', async () => {
    const csv = [
      header,
      'RL-9001,Runway Lights,yes,39.2,-119.7,condition: Good; wattage: 60',
      'RL-9002,Runway Lights,yes,39.2,,condition: Great',
      'XX-1,Fuel Pumps,,,,',
      'HD-9001,Hangar Doors,no,,,doorType: Sliding',
    ].join('\r\n');
    const res = await importFile(t, admin, 'assets', csv);
    expect(res.statusCode).toBe(200);
    expect((res.json() as ImportPreviewBody).errors).toEqual([
      { row: 3, column: 'longitude', message: 'Give both latitude and longitude, or neither' },
      { row: 4, column: 'master', message: 'There is no asset type named Fuel Pumps: add it under Settings -> Master Asset first' },
      { row: 5, column: 'fields', message: 'Hangar is required' },
    ]);
    expect(await imported('Runway Lights', 'RL-X1')).toEqual([]);
  });

  it('commits, re-imports unchanged, updates a changed row, and undoes', { timeout: 180_000 }, async () => {
    const before = await assetsOf('Runway Lights');
    const csv = (condition: string) =>
      [
        header,
        `RL-9001,Runway Lights,yes,39.2,-119.7,condition: ${condition}; wattage: 60; installedOn: 05/14/2019; lit: yes; serial: RL-X1`,
        'RL-9002,Runway Lights,no,,,Condition: Fair; Serial Number: RL-X2',
        'HD-9001,Hangar Doors,yes,39.1,-119.8,hangar: Hangar Z-1; doorType: Sliding',
      ].join('\r\n');
    const batch = await importAndCommit(t, admin, 'assets', csv('Good'));
    expect(batch).toMatchObject({ status: 'committed', createdCount: 3, updatedCount: 0 });
    const [lit] = await imported('Runway Lights', 'RL-X1');
    expect(lit).toMatchObject({ condition: 'Good', wattage: 60, installedOn: '2019-05-14', lit: true, status: true, location: { lat: 39.2, lon: -119.7 } });
    // Numbered on from the demo's assets by the airport's counter.
    expect(Number(lit!.assetnumber)).toBeGreaterThan(Math.max(...before.map((asset) => Number(asset.assetnumber))));
    expect(await imported('Runway Lights', 'RL-X2')).toEqual([expect.objectContaining({ condition: 'Fair', status: false, location: { lat: 39.193, lon: -119.734 } })]);
    expect(await imported('Hangar Doors', 'Hangar Z-1')).toHaveLength(1);

    const again = await importAndCommit(t, admin, 'assets', csv('Good'));
    expect(again).toMatchObject({ status: 'committed', createdCount: 0, updatedCount: 0 });

    const changed = await importAndCommit(t, admin, 'assets', csv('Poor'));
    expect(changed).toMatchObject({ status: 'committed', createdCount: 0, updatedCount: 1 });
    expect(await imported('Runway Lights', 'RL-X1')).toEqual([expect.objectContaining({ condition: 'Poor', _id: lit!._id })]);

    const undone = await undoImport(admin, changed.batchId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await imported('Runway Lights', 'RL-X1')).toEqual([expect.objectContaining({ condition: 'Good', _id: lit!._id })]);
    // A batch that only created assets is undone by deleting them.
    const doors = await importAndCommit(t, admin, 'assets', [header, 'HD-9002,Hangar Doors,yes,,,hangar: Hangar Z-2'].join('\r\n'));
    expect(await imported('Hangar Doors', 'Hangar Z-2')).toHaveLength(1);
    const undoneDoors = await undoImport(admin, doors.batchId);
    expect(undoneDoors.statusCode, undoneDoors.body).toBe(200);
    expect(await imported('Hangar Doors', 'Hangar Z-2')).toEqual([]);
  });

  it('a disabled asset type takes no new assets', async () => {
    const master = (await admin.request({ method: 'GET', url: `/api/Assets/Masters/${masters['Fire Hydrants']}` })).json();
    const { name, description, color, formId, fields } = master;
    const disabled = await admin.request({ method: 'PUT', url: `/api/Assets/Masters/${masters['Fire Hydrants']}`, payload: { name, description, color, formId, fields, status: false } });
    expect(disabled.statusCode).toBe(200);
    const preview = (await importFile(t, admin, 'assets', [header, 'FH-1,Fire Hydrants,,,,flowRate: 900'].join('\r\n'))).json() as ImportPreviewBody;
    expect(preview.errors).toEqual([{ row: 2, column: 'master', message: 'This asset type is disabled: choose an enabled one' }]);
    expect((await admin.request({ method: 'POST', url: `/api/Imports/${preview.batchId}/Commit` })).statusCode).toBe(409);
  });
});
