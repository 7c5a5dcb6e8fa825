import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { ImportKindName } from '@apron/core';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recordAudits } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors/app-error';
import type { TrackedRecord } from '../../platform/imports/kind';
import { IMPORT_COMMIT_JOB, importActor, importContext } from './commit';
import { importBatches, importRecords, importRows, type ImportBatchRow } from './imports.table';
import { importKind } from './kinds';
import { HEADER_ROW, stageFile, type StageInput } from './stage';

/** Rows of the file the preview shows; the page pages through the rest of the errors. */
export const PREVIEW_ROWS = 100;
export const PREVIEW_ERRORS = 1000;

export async function findBatch(db: Tx | AppContext['db'], batchId: string, forUpdate = false): Promise<ImportBatchRow> {
  const query = db.select().from(importBatches).where(eq(importBatches.id, batchId)).limit(1);
  const [batch] = forUpdate ? await query.for('update') : await query;
  // Another airport's batch is not seen at all (row-level security): the same 404.
  if (!batch) throw notFound('Import not found');
  return batch;
}

/** The dry run of an upload: stages the file and answers the batch's id. */
export async function previewFile(ctx: AppContext, kindName: ImportKindName, input: Omit<StageInput, 'kind'>): Promise<string> {
  const kind = importKind(kindName);
  return ctx.database.transaction(async (tx) => {
    const context = await importContext(tx, { id: '', createdById: input.createdBy?.id ?? null, createdByEmail: input.createdBy?.email ?? null } as ImportBatchRow);
    return stageFile(tx, { ...input, kind }, context);
  });
}

/** The errors of a batch in row order, `limit` from `offset`. */
export async function batchErrors(db: AppContext['db'], batchId: string, offset = 0, limit = PREVIEW_ERRORS) {
  const rows = await db.execute(sql`
    select r."row", i->>'column' as "column", i->>'message' as message
    from import_rows r, jsonb_array_elements(r.issues) with ordinality as e(i, n)
    where r.batch_id = ${batchId} and r.issues is not null
    order by r."row", e.n
    offset ${offset} limit ${limit}`);
  return rowsOf<{ row: number; column: string; message: string }>(rows);
}

/** The first parsed rows of a batch (file order), as the preview grid shows them. */
export async function previewRows(db: AppContext['db'], batchId: string) {
  return db
    .select({ row: importRows.row, externalId: importRows.externalId, value: importRows.value })
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), gt(importRows.row, HEADER_ROW), isNotNull(importRows.value)))
    .orderBy(asc(importRows.row))
    .limit(PREVIEW_ROWS);
}

export async function listBatches(db: AppContext['db']): Promise<ImportBatchRow[]> {
  return db.select().from(importBatches).orderBy(desc(importBatches.createdAt)).limit(100);
}

/**
 * Commit: once. The batch row is locked, so of two concurrent calls one moves it to `committing`
 * and queues the job, the other sees it moved and answers the batch as it is. A batch with errors
 * is refused.
 */
export async function startCommit(ctx: AppContext, batchId: string): Promise<ImportBatchRow> {
  const batch = await ctx.database.transaction(async (tx) => {
    const found = await findBatch(tx, batchId, true);
    if (found.status !== 'previewed') return { row: found, queued: false };
    if (found.errorCount > 0) {
      throw new AppError('CONFLICT', `This file has ${found.errorCount} error${found.errorCount === 1 ? '' : 's'}: fix them and upload it again.`);
    }
    const [row] = await tx.update(importBatches).set({ status: 'committing', progress: 0 }).where(eq(importBatches.id, batchId)).returning();
    return { row: row!, queued: true };
  });
  if (batch.queued) await ctx.jobs.send(IMPORT_COMMIT_JOB, { batchId }, { singletonKey: `import:${batchId}` });
  return batch.row;
}

/** The tracked records of the batch changed since by something else than the batch (audit log). */
async function recordsChangedSince(tx: Tx, batchId: string): Promise<Array<{ entity: string; entityId: string }>> {
  const requestId = `import:${batchId}`;
  const rows = await tx.execute(sql`
    select r.entity, r.entity_id from import_records r
    where r.batch_id = ${batchId} and exists (
      select 1 from audit_log later
      where later.entity = r.entity and later.entity_id = r.entity_id and later.request_id is distinct from ${requestId}
        and later.id > (select min(mine.id) from audit_log mine where mine.entity = r.entity and mine.entity_id = r.entity_id and mine.request_id = ${requestId}))
    limit 5`);
  return rowsOf<{ entity: string; entity_id: string }>(rows).map((row) => ({ entity: row.entity, entityId: row.entity_id }));
}

/** Undo: in one transaction, while none of the batch's records changed since (and the kind agrees). */
export async function undoBatch(ctx: AppContext, batchId: string): Promise<ImportBatchRow> {
  return ctx.database.transaction(async (tx) => {
    const batch = await findBatch(tx, batchId, true);
    if (batch.status === 'undone') return batch;
    if (batch.status !== 'committed') throw new AppError('CONFLICT', 'Only a committed import can be undone.');
    const changed = await recordsChangedSince(tx, batchId);
    if (changed.length > 0) {
      const named = changed.map((record) => `${record.entity} ${record.entityId}`).join(', ');
      throw new AppError('CONFLICT', `This import cannot be undone: some of its records were changed since (${named}).`);
    }
    const records: TrackedRecord[] = (await tx.select().from(importRecords).where(eq(importRecords.batchId, batchId))).map((record) => ({
      entity: record.entity,
      id: record.entityId,
      action: record.action,
      ...(record.before ? { before: record.before } : {}),
    }));
    const kind = importKind(batch.kind);
    const blocked = kind.blockedUndo ? await kind.blockedUndo(tx, records) : null;
    if (blocked) throw new AppError('CONFLICT', `This import cannot be undone: ${blocked}`);
    await kind.undo(tx, records, await importContext(tx, batch)).catch((error: unknown) => {
      // A record another one now refers to (a lease of an imported property): the database refuses.
      if ((error as { code?: string }).code === '23503') throw new AppError('CONFLICT', 'This import cannot be undone: other records now use some of its records.');
      throw error;
    });
    await recordAudits(
      tx,
      { ...importActor(batch), requestId: `import-undo:${batch.id}` },
      records.map((record) => ({ action: record.action === 'created' ? 'delete' : 'update', entity: record.entity, entityId: record.id, reason: `Import ${batch.fileName} undone` })),
    );
    const [row] = await tx.update(importBatches).set({ status: 'undone', undoneAt: new Date() }).where(eq(importBatches.id, batchId)).returning();
    return row!;
  });
}
