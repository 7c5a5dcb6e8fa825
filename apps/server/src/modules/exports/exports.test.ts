import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { multipartBody, pdfBytes } from '../attachments/attachments.test-support';
import { buildCompany } from '../invoices/billing.test-support';
import { exportCell } from './export-zip';

/**
 * `GET /api/Exports/All` (issue 23): the airport's data as a zip, one CSV per registered import kind
 * in its template's columns, and the uploaded documents. Cells a spreadsheet would run are escaped.
 */
let t: TestApp;
let admin: Caller;
let companyId: string;

async function download(caller: Caller) {
  const res = await caller.request({ method: 'GET', url: '/api/Exports/All' });
  expect(res.statusCode).toBe(200);
  return { res, zip: await JSZip.loadAsync(res.rawPayload) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  const form = await admin.request({ method: 'POST', url: '/api/Forms/createForm', payload: { name: 'Card', schema: { type: 'default', components: [] } } });
  const fields = [{ fieldName: 'hangar', fieldLabel: 'Hangar', fieldType: 'String', isRequired: true, showOnGrid: true }];
  const master = await admin.request({ method: 'POST', url: '/api/Assets/Masters', payload: { name: 'Hangar Doors', description: 'Doors', color: '#112233', status: true, formId: form.json()._id, fields } });
  const created = await admin.request({ method: 'POST', url: '/api/Assets/CreateAsset', payload: { assetId: master.json()._id, hangar: 'A; B', location: { lat: 39.2, lon: -119.7 } } });
  expect(created.statusCode).toBe(201);
  companyId = (await buildCompany(admin))._id;
  for (const filename of ['lease.pdf', 'lease.pdf', '=HYPERLINK(1).pdf']) {
    const upload = multipartBody({ ownerType: 'company', ownerId: companyId }, { filename, contentType: 'application/pdf', data: pdfBytes() });
    expect((await admin.request({ method: 'POST', url: '/api/Attachments', ...upload })).statusCode).toBe(201);
  }
});
afterAll(async () => t?.close());

describe('GET /api/Exports/All', () => {
  it('401 without a session, 403 for all but Settings admins', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Exports/All' })).statusCode).toBe(401);
    const settingsUser = await signIn(t, { modules: ['Settings'] });
    expect((await settingsUser.request({ method: 'GET', url: '/api/Exports/All' })).statusCode).toBe(403);
    const tenant = await signIn(t, { isInternal: false, companyId });
    expect((await tenant.request({ method: 'GET', url: '/api/Exports/All' })).statusCode).toBe(403);
  });

  it('streams a zip named for the airport and date: a CSV per kind in the template columns, and the documents', async () => {
    const { res, zip } = await download(admin);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="[a-z0-9]+-export-\d{4}-\d{2}-\d{2}\.zip"/);
    const assets = await zip.file('assets.csv')!.async('string');
    expect(assets.split('\r\n')).toEqual([
      '\ufeffexternalId,master,status,latitude,longitude,fields',
      expect.stringMatching(/^[0-9a-f-]{36},Hangar Doors,yes,39.2,-119.7,hangar: A\\; B$/),
      '',
    ]);
    const documents = Object.keys(zip.files).filter((name) => name.startsWith('documents/')).sort();
    expect(documents).toEqual([
      `documents/company/${companyId}/=HYPERLINK(1).pdf`,
      `documents/company/${companyId}/lease (2).pdf`,
      `documents/company/${companyId}/lease.pdf`,
    ]);
    expect(Buffer.from(await zip.file(documents[2]!)!.async('uint8array')).equals(pdfBytes())).toBe(true);
    const index = (await zip.file('documents.csv')!.async('string')).split('\r\n');
    expect(index[0]).toBe('\ufeffpath,ownerType,ownerId,documentType,name,contentType,size,uploadedAt,uploadedBy');
    // A name a spreadsheet would run as a formula is escaped; the path (not starting with =) is not.
    expect(index.find((line) => line.includes('HYPERLINK'))).toContain(`documents/company/${companyId}/=HYPERLINK(1).pdf,company,${companyId},,'=HYPERLINK(1).pdf,application/pdf`);
  });

  it('escapes formula cells but keeps a negative number a number', () => {
    const text = { key: 'name', label: 'Name', type: 'text', example: '' } as const;
    const money = { key: 'amount', label: 'Amount', type: 'money', example: '' } as const;
    expect(exportCell(text, '=SUM(A1)')).toBe("'=SUM(A1)");
    expect(exportCell(text, '-5 days')).toBe("'-5 days");
    expect(exportCell(text, '@home')).toBe("'@home");
    expect(exportCell(text, 'Hangar A')).toBe('Hangar A');
    expect(exportCell(money, '-125.5')).toBe('-125.5');
    expect(exportCell(money, '-1+2')).toBe("'-1+2");
    expect(exportCell(text, undefined)).toBe('');
  });
});
