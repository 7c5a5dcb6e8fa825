import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestApp, type Caller, type TestApp } from '../../../test/helpers';
import { commitImport, importFile, undoImport, type ImportPreviewBody } from '../../../test/imports';
import { buildArea, buildAttribute, buildType } from './properties.factories';

/** Issue 23: the `properties` kind through HTTP — template, dry run, commit, re-import, update, undo. */
let t: TestApp;
let admin: Caller;
let typeName: string;
let areaName: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await asAdmin(t);
  const width = await buildAttribute(admin, { name: 'Door width', attributeType: 'Numeric' });
  typeName = (await buildType(admin, { name: 'T-Hangar', attributes: [width._id] })).name;
  areaName = (await buildArea(admin, 'North Apron')).name;
});
afterAll(async () => t?.close());

const header = 'externalId,name,propertyType,area,description,address,rent,status,availableDate,visibleToExternal,latitude,longitude,attributes';
const row = (id: string, name: string, rent = '450.00', extra = 'Door width=42') =>
  `${id},${name},T-Hangar,North Apron,Heated hangar,100 Airport Rd,"${rent}",Active,2026-01-01,yes,39.85,-104.67,${extra}`;

async function grid(): Promise<Array<{ _id: string; name: string; rent: number }>> {
  const res = await admin.request({ method: 'GET', url: '/api/Property/Grid?pageSize=100' });
  return res.json();
}

describe('properties import', () => {
  it('the template imports as it is', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/Imports/Templates/properties' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\r\n')[0]).toBe(header);
    expect(typeName).toBe('T-Hangar');
    expect(areaName).toBe('North Apron');
  });

  it('a dry run names bad cells by row and column and writes no property', async () => {
    const csv = [header, row('P-1', 'Hangar 1'), row('P-2', 'Hangar 2', 'abc'), row('P-1', 'Hangar 1 again')].join('\n');
    const res = await importFile(t, admin, 'properties', csv);
    expect(res.statusCode).toBe(200);
    const preview = res.json() as ImportPreviewBody;
    expect(preview.errors).toEqual([
      { row: 3, column: 'rent', message: 'Must be an amount such as 1250.00' },
      { row: 4, column: 'externalId', message: 'Duplicate external id "P-1": already on row 2' },
    ]);
    expect(preview.rows.map((r) => r.externalId)).toEqual(['P-1']);
    expect(await grid()).toEqual([]);
    expect((await admin.request({ method: 'POST', url: `/api/Imports/${preview.batchId}/Commit` })).statusCode).toBe(409);
  });

  it('commits, re-imports unchanged, updates a changed row, and undoes', async () => {
    const csv = [header, row('P-1', 'Hangar 1', '$1,250.00'), row('P-2', 'Hangar 2', '1.250,50')].join('\r\n');
    const preview = (await importFile(t, admin, 'properties', csv)).json() as ImportPreviewBody;
    expect(preview.errors).toEqual([]);
    const batch = await commitImport(t, admin, preview.batchId);
    expect(batch).toMatchObject({ status: 'committed', createdCount: 2, updatedCount: 0, progress: 2 });
    expect((await grid()).map((p) => [p.name, p.rent])).toEqual([['Hangar 1', 1250], ['Hangar 2', 1250.5]]);

    const again = (await importFile(t, admin, 'properties', csv)).json() as ImportPreviewBody;
    expect(await commitImport(t, admin, again.batchId)).toMatchObject({ status: 'committed', createdCount: 0, updatedCount: 0 });

    const changed = [header, row('P-1', 'Hangar 1 renamed', '$1,250.00'), row('P-2', 'Hangar 2', '1.250,50')].join('\n');
    const third = (await importFile(t, admin, 'properties', changed)).json() as ImportPreviewBody;
    expect(await commitImport(t, admin, third.batchId)).toMatchObject({ status: 'committed', createdCount: 0, updatedCount: 1 });
    expect((await grid()).map((p) => p.name)).toEqual(['Hangar 1 renamed', 'Hangar 2']);

    // The first batch's records were changed since by the third: its undo is refused.
    const refused = await undoImport(admin, batch.batchId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/changed since/);

    const undone = await undoImport(admin, third.batchId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().status).toBe('undone');
    expect((await grid()).map((p) => p.name)).toEqual(['Hangar 1', 'Hangar 2']);
  }, 120_000);

  it('an import is not undone once someone edited one of its records', async () => {
    const csv = [header, row('E-1', 'Edited later'), row('E-2', 'Left alone')].join('\n');
    const preview = (await importFile(t, admin, 'properties', csv)).json() as ImportPreviewBody;
    expect(await commitImport(t, admin, preview.batchId)).toMatchObject({ status: 'committed', createdCount: 2 });
    const edited = (await grid()).find((p) => p.name === 'Edited later')!;
    const detail = (await admin.request({ method: 'GET', url: `/api/Property/List/${edited._id}` })).json();
    const body = {
      name: 'Edited by hand', description: detail.description, area: detail.area, propertyType: detail.propertyType, address: detail.address,
      rent: detail.rent, availableDate: detail.availableDate, visibletoExternal: detail.visibletoExternal, location: detail.location, attributes: detail.attributes,
    };
    expect((await admin.request({ method: 'PUT', url: `/api/Property/List/${edited._id}`, payload: body })).statusCode).toBe(200);
    const refused = await undoImport(admin, preview.batchId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`This import cannot be undone: some of its records were changed since (property ${edited._id}).`);
    expect((await grid()).map((p) => p.name)).toContain('Left alone');
  }, 120_000);
});
