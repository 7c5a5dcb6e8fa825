import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { importFile, undoImport, waitForImport, type ImportPreviewBody } from '../../../test/imports';
import { auditLog } from '../../platform/audit/audit.table';
import { importRecords } from './imports.table';
import { COMMIT_CHUNK } from './commit';

/**
 * Issue 23: a batch commits once, whoever asks and however often, in one transaction over several
 * chunks; each record audited with the batch. On both databases (`DATABASE_URL` for PostgreSQL).
 */
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'Shade', attributes: [] } });
  await admin.request({ method: 'POST', url: '/api/Property/Areas', payload: { name: 'East', description: '' } });
});
afterAll(async () => t?.close());

const ROWS = COMMIT_CHUNK + 500;

function bigFile(): string {
  const lines = ['externalId,name,propertyType,area,description,address,rent'];
  for (let i = 1; i <= ROWS; i++) lines.push(`C-${String(i).padStart(5, '0')},Shade ${i},Shade,East,Tie-down shade,Row ${i},${100 + (i % 50)}.25`);
  return lines.join('\n');
}

describe('commit', () => {
  it('concurrent Commit calls run the batch once; every record is audited with the batch', async () => {
    const preview = (await importFile(t, admin, 'properties', bigFile())).json() as ImportPreviewBody;
    expect(preview).toMatchObject({ rowCount: ROWS, errorCount: 0 });
    expect(preview.rows).toHaveLength(100);
    const url = `/api/Imports/${preview.batchId}/Commit`;
    const answers = await Promise.all([1, 2, 3].map(() => admin.request({ method: 'POST', url })));
    expect(answers.map((res) => res.statusCode)).toEqual([202, 202, 202]);
    expect(answers.map((res) => res.json().status)).toEqual(['committing', 'committing', 'committing']);
    const batch = await waitForImport(t, admin, preview.batchId, 120_000);
    expect(batch).toMatchObject({ status: 'committed', createdCount: ROWS, updatedCount: 0, progress: ROWS });
    // Asked again once done: the batch as it is, nothing run twice.
    expect((await admin.request({ method: 'POST', url })).json()).toMatchObject({ status: 'committed', createdCount: ROWS });

    const [audited] = await t.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.requestId, `import:${preview.batchId}`), eq(auditLog.entity, 'property')));
    expect(audited!.n).toBe(ROWS);
    const [tracked] = await t.db.select({ n: count() }).from(importRecords).where(eq(importRecords.batchId, preview.batchId));
    expect(tracked!.n).toBe(ROWS);
    const grid = await admin.request({ method: 'GET', url: '/api/Property/Grid?pageSize=1' });
    expect(grid.headers['x-total-count']).toBe(String(ROWS));

    // Undo: every created property deleted, in one transaction, twice asked is still once.
    const undone = await undoImport(admin, preview.batchId);
    expect(undone.json()).toMatchObject({ status: 'undone' });
    expect((await undoImport(admin, preview.batchId)).json()).toMatchObject({ status: 'undone' });
    expect((await admin.request({ method: 'GET', url: '/api/Property/Grid?pageSize=1' })).headers['x-total-count']).toBe('0');
    // An undone batch is not committed again.
    expect((await admin.request({ method: 'POST', url })).json().status).toBe('undone');
  }, 180_000);

  it('dryRun=false commits a clean file at once, and only previews a file with errors', async () => {
    const clean = 'externalId,name,propertyType,area,description,address,rent\nN-1,Now,Shade,East,Shade,Row 1,99\n';
    const res = await importFile(t, admin, 'properties', clean, { dryRun: false });
    expect(res.json()).toMatchObject({ status: 'committing', errorCount: 0 });
    expect(await waitForImport(t, admin, res.json().batchId)).toMatchObject({ status: 'committed', createdCount: 1 });
    const dirty = await importFile(t, admin, 'properties', clean.replace(',99', ',ninety'), { dryRun: false });
    expect(dirty.json()).toMatchObject({ status: 'previewed', errorCount: 1 });
  }, 120_000);
});
