import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TBillingRun } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { AuditActor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors/app-error';
import { findIdempotentAnswer, lockIdempotencyKey, saveIdempotentAnswer } from '../../platform/idempotency/index';
import { listCycleAgreements } from '../agreements/index';
import { findInvoiceCycle, type InvoiceCycleToRun } from '../settings/index';
import { billCyclePeriod, cycleRunSkipSql, RUN_CHUNK_SIZE } from './agreement-invoices';
import type { BillingPeriod } from './billing-periods';
import { invoiceCycleRuns, type InvoiceCycleRunRow } from './billing-run.table';
import { airportToday } from './invoices.repo';

/**
 * A cycle's run started by hand (issue 24): the same run as the daily job (`billCyclePeriod`, keyed
 * by agreement and period start), queued as a job so the request answers at once and the page
 * follows its progress. Exactly once: the request's Idempotency-Key names its run (a replay
 * answers the same `runId`), and at most one run of a cycle and period is queued or running (a
 * second request with another key, or from another instance, answers the run under way). Even two
 * runs at once could not bill an agreement twice: the invoices' (agreement, period start) key.
 */
export const CYCLE_RUN_JOB = 'invoices.cycle-run';
const OPERATION = 'invoice-cycle-run';

/** Queue a run of the cycle's period (or answer the run this key or another request already queued). */
export async function startCycleRun(ctx: AppContext, actor: AuditActor, cycle: InvoiceCycleToRun, period: BillingPeriod, key: string): Promise<string> {
  const started = await ctx.database.transaction(async (tx) => {
    await lockIdempotencyKey(tx, OPERATION, key);
    const [replay] = await tx.select().from(invoiceCycleRuns).where(eq(invoiceCycleRuns.idempotencyKey, key));
    if (replay) {
      if (replay.cycleId !== cycle.id || replay.periodStart !== period.start) throw new AppError('CONFLICT', 'This Idempotency-Key was used for another run.');
      return { id: replay.id, queued: false };
    }
    // A key first answered with another request's run (below): the same run again, even once it is done.
    const answered = await findIdempotentAnswer<{ runId: string }>(tx, OPERATION, key, cycle.id);
    if (answered) return { id: answered.body.runId, queued: false };
    const [inserted] = await tx
      .insert(invoiceCycleRuns)
      .values({ cycleId: cycle.id, periodStart: period.start, periodEnd: period.end, idempotencyKey: key, startedById: actor.user?.id ?? null, startedByEmail: actor.user?.email ?? null })
      // The run under way of this cycle and period (partial unique index): waited for, then answered.
      .onConflictDoNothing()
      .returning({ id: invoiceCycleRuns.id });
    if (inserted) return { id: inserted.id, queued: true };
    const [active] = await tx
      .select({ id: invoiceCycleRuns.id })
      .from(invoiceCycleRuns)
      .where(and(eq(invoiceCycleRuns.cycleId, cycle.id), eq(invoiceCycleRuns.periodStart, period.start), inArray(invoiceCycleRuns.status, ['queued', 'running'])));
    if (!active) throw new AppError('CONFLICT', 'Another run of this period just finished: look at the preview again.');
    // This key names no run of its own: remember its answer, so a replay after the run has ended
    // answers this run and does not start another.
    await saveIdempotentAnswer(tx, OPERATION, key, cycle.id, { status: 202, body: { runId: active.id } });
    return { id: active.id, queued: false };
  });
  if (started.queued) await ctx.jobs.send(CYCLE_RUN_JOB, { runId: started.id }, { singletonKey: `cycle-run:${started.id}` });
  return started.id;
}

/** The agreements the run will take (its own listing, counted): the progress bar's total. */
async function countDueAgreements(db: DbOrTx, cycleId: string, period: BillingPeriod): Promise<number> {
  let count = 0;
  let after: string | null = null;
  for (;;) {
    const due = await listCycleAgreements(db, cycleId, period, { after, limit: RUN_CHUNK_SIZE * 5 }, cycleRunSkipSql(cycleId, period.start));
    if (due.length === 0) return count;
    count += due.length;
    after = due[due.length - 1]!.id;
  }
}

/**
 * The job: claim the run (queued -> running; a retry of a run left running by a dead worker
 * claims it again and bills only what is missing), bill the period chunk by chunk, counting the
 * agreements done after each chunk's commit, then done. A failure marks the run failed with its
 * message; the chunks committed stay, and a new run bills the rest.
 */
export async function runCycleRun(ctx: AppContext, runId: string): Promise<void> {
  const [run] = await ctx.db
    .update(invoiceCycleRuns)
    .set({ status: 'running' })
    .where(and(eq(invoiceCycleRuns.id, runId), inArray(invoiceCycleRuns.status, ['queued', 'running'])))
    .returning();
  if (!run) return;
  const actor: AuditActor = { user: run.startedById && run.startedByEmail ? { id: run.startedById, email: run.startedByEmail } : null, requestId: `cycle-run:${run.id}` };
  const setRun = (values: Partial<InvoiceCycleRunRow>) => ctx.db.update(invoiceCycleRuns).set(values).where(eq(invoiceCycleRuns.id, run.id));
  try {
    const cycle = await findInvoiceCycle(ctx.db, run.cycleId);
    if (!cycle) throw new Error('The invoice cycle was removed.');
    const period = { start: run.periodStart, end: run.periodEnd };
    const total = await countDueAgreements(ctx.db, cycle.id, period);
    await setRun({ total, done: 0, created: 0 });
    const day = await airportToday(ctx.db);
    await billCyclePeriod(ctx.db, cycle, period, day, {
      actor,
      onChunk: async ({ agreements, created }) => {
        await ctx.db
          .update(invoiceCycleRuns)
          .set({ done: sql`least(${invoiceCycleRuns.total}, ${invoiceCycleRuns.done} + ${agreements})`, created: sql`${invoiceCycleRuns.created} + ${created}` })
          .where(eq(invoiceCycleRuns.id, run.id));
      },
    });
    await ctx.db
      .update(invoiceCycleRuns)
      .set({ status: 'done', done: sql`greatest(${invoiceCycleRuns.done}, ${invoiceCycleRuns.total})`, total: sql`greatest(${invoiceCycleRuns.done}, ${invoiceCycleRuns.total})`, finishedAt: new Date() })
      .where(eq(invoiceCycleRuns.id, run.id));
  } catch (error) {
    ctx.log.warn({ err: error, runId }, 'invoice cycle run failed');
    const message = error instanceof Error ? error.message : String(error);
    await setRun({ status: 'failed', error: `The run stopped: ${message}`.slice(0, 2000), finishedAt: new Date() });
  }
}

/** A run as the progress bar reads it; another airport's is not found. */
export async function findCycleRun(db: DbOrTx, runId: string): Promise<TBillingRun> {
  const [run] = await db.select().from(invoiceCycleRuns).where(eq(invoiceCycleRuns.id, runId));
  if (!run) throw notFound('Run not found');
  return {
    runId: run.id, cycleId: run.cycleId, period: { from: run.periodStart, to: run.periodEnd }, status: run.status, done: run.done, total: run.total, created: run.created, error: run.error,
  };
}
