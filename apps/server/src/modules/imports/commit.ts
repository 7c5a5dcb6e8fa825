import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { calendarDate } from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAudits, type AuditActor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { CommitContext, ImportContext, StagedRow, TrackedRecord } from '../../platform/imports/kind';
import { currentAirportValueSql } from '../../platform/tenancy/index';
import { importBatches, importRecords, importRows, type ImportBatchRow } from './imports.table';
import { importKind } from './kinds';
import { HEADER_ROW } from './stage';

export const IMPORT_COMMIT_JOB = 'import-commit';
/** Rows handed to the kind's `commit` at once (a record's rows are never split across two). */
export const COMMIT_CHUNK = 2000;

/** Who a batch's audit entries name: the user who uploaded it, and the batch (`import:<id>`). */
export function importActor(batch: Pick<ImportBatchRow, 'id' | 'createdById' | 'createdByEmail'>): AuditActor {
  return {
    user: batch.createdById && batch.createdByEmail ? { id: batch.createdById, email: batch.createdByEmail } : null,
    requestId: `import:${batch.id}`,
  };
}

/** The airport's today and time zone, for the kinds' rules. */
export async function importContext(db: DbOrTx, batch: ImportBatchRow): Promise<ImportContext> {
  const [zone] = await db.select({ timeZone: sql<string>`${currentAirportValueSql('time_zone')}` }).from(sql`(select 1) as one`);
  const timeZone = zone?.timeZone || 'UTC';
  return { batchId: batch.id, actor: importActor(batch), today: calendarDate(new Date(), timeZone), timeZone };
}

/** The next chunk of staged rows after `after`, in (external id, row) order, cut where a record ends. */
async function nextChunk(tx: Tx, batchId: string, after: { externalId: string; row: number } | null): Promise<StagedRow<unknown>[]> {
  const rows = await tx
    .select({ row: importRows.row, externalId: importRows.externalId, value: importRows.value })
    .from(importRows)
    .where(
      and(
        eq(importRows.batchId, batchId),
        gt(importRows.row, HEADER_ROW),
        isNull(importRows.issues),
        after ? or(gt(importRows.externalId, after.externalId), and(eq(importRows.externalId, after.externalId), gt(importRows.row, after.row))) : undefined,
      ),
    )
    .orderBy(asc(importRows.externalId), asc(importRows.row))
    .limit(COMMIT_CHUNK + 1);
  if (rows.length <= COMMIT_CHUNK) return rows;
  // The row past the chunk continues the last record: leave that record to the next chunk.
  const cut = rows[COMMIT_CHUNK]!.externalId;
  const whole = rows.slice(0, COMMIT_CHUNK).filter((row) => row.externalId !== cut);
  return whole.length > 0 ? whole : rows.filter((row) => row.externalId === cut);
}

/**
 * The commit job: the whole batch in ONE transaction (all or nothing), the kind's `commit` per
 * chunk, every tracked record kept for undo and audited with the batch. Progress goes to the batch
 * row on the platform's own connection, outside the transaction, so the page sees it move. A
 * failure leaves nothing written and the batch `failed` with its message.
 */
export async function runImportCommit(ctx: AppContext, batchId: string): Promise<void> {
  try {
    await ctx.database.transaction(async (tx) => {
      // Not a row lock: the progress writes update the batch row from another connection. Two runs
      // of the job (a retry while a silent worker still runs) take turns on this lock instead.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`import:${batchId}`}, 0))`);
      const [batch] = await tx.select().from(importBatches).where(eq(importBatches.id, batchId));
      // Done already (a retried job), or undone: nothing to do.
      if (!batch || batch.status !== 'committing') return;
      const kind = importKind(batch.kind);
      const context = await importContext(tx, batch);
      const counts = { created: 0, updated: 0 };
      const commitContext: CommitContext = {
        ...context,
        track: (trackTx, records) => trackRecords(trackTx, batch, records, counts),
        progress: (done) => writeProgress(ctx, batch, done),
      };
      let after: { externalId: string; row: number } | null = null;
      let done = 0;
      for (;;) {
        const chunk = await nextChunk(tx, batchId, after);
        if (chunk.length === 0) break;
        await kind.commit(tx, chunk, commitContext);
        done += chunk.length;
        const last = chunk[chunk.length - 1]!;
        after = { externalId: last.externalId, row: last.row };
        await commitContext.progress(done);
      }
      await tx
        .update(importBatches)
        .set({ status: 'committed', progress: done, createdCount: counts.created, updatedCount: counts.updated, committedAt: new Date(), error: null })
        .where(eq(importBatches.id, batchId));
    });
  } catch (error) {
    ctx.log.warn({ err: error, batchId }, 'import commit failed');
    const message = error instanceof Error ? error.message : String(error);
    await ctx.db
      .update(importBatches)
      .set({ status: 'failed', error: `The import failed and nothing was written: ${message}`.slice(0, 2000), progress: 0 })
      .where(and(eq(importBatches.id, batchId), eq(importBatches.status, 'committing')));
  }
}

/** `track`: the records kept for undo (a record tracked twice keeps its first state) and their audit entries. */
async function trackRecords(tx: Tx, batch: ImportBatchRow, records: readonly TrackedRecord[], counts: { created: number; updated: number }): Promise<void> {
  if (records.length === 0) return;
  for (let at = 0; at < records.length; at += COMMIT_CHUNK) {
    const slice = records.slice(at, at + COMMIT_CHUNK);
    await tx
      .insert(importRecords)
      .values(slice.map((record) => ({ batchId: batch.id, entity: record.entity, entityId: record.id, action: record.action, before: record.before ?? null })))
      .onConflictDoNothing();
    await recordAudits(
      tx,
      importActor(batch),
      slice.map((record) => ({
        action: record.action === 'created' ? 'create' : 'update',
        entity: record.entity,
        entityId: record.id,
        before: record.before,
        after: record.after,
        reason: `Import ${batch.fileName}`,
      })),
    );
  }
  for (const record of records) counts[record.action] += 1;
}

/**
 * Progress on the platform's connection (PostgreSQL), seen while the commit's transaction runs.
 * PGlite has one connection, held by that transaction: there the final count is all there is.
 */
async function writeProgress(ctx: AppContext, batch: ImportBatchRow, done: number): Promise<void> {
  if (ctx.database.kind !== 'postgres') return;
  await ctx.database.platformQuery('update import_batches set progress = $1 where airport_id = $2 and id = $3', [done, batch.airportId, batch.id]);
}
