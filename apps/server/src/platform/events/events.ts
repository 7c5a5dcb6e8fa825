import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TEventTrigger } from '@apron/core/communications';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { cte, preparedStatement } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
import { retryDelayMinutes } from '../jobs/retry-schedule';
import { manySlot, type PluginRegistry } from '../plugins/registry';
import { domainEvents, type DomainEventRow } from './events.table';

export const EVENTS_DISPATCH_JOB = 'domain-events-dispatch';
/** Events one dispatch run delivers at most; a full run asks for the next at once (events.plugin.ts). */
export const EVENTS_PER_DISPATCH_RUN = 500;
/** Events delivered per transaction on the usual path (`dispatchBatch`). */
export const EVENTS_PER_BATCH = 100;
const MAX_PER_RUN = EVENTS_PER_DISPATCH_RUN;

/** What a module publishes about a change of one of its records. */
export interface DomainEvent {
  module: string;
  trigger: TEventTrigger;
  recordId: string;
  companyId: string | null;
  fields: Record<string, string | number | boolean | null>;
}

/** What one request has published so far (the after-response nudge reads it: events.plugin.ts). */
export interface PublishedTally {
  published: number;
}

/**
 * The tally of the request being served, through the async context rather than a module-level
 * count: each app makes a tally per request (`countPublishedEvents`, in its onRequest hook), so no
 * number is shared between apps or requests; outside a request (jobs, seeds) there is none.
 */
const requestTally = new AsyncLocalStorage<PublishedTally>();

/** Runs `work` (the rest of a request) with `tally` counting the events it publishes. */
export function countPublishedEvents<T>(tally: PublishedTally, work: () => T): T {
  return requestTally.run(tally, work);
}

function tallyPublished(count: number): void {
  const tally = requestTally.getStore();
  if (tally) tally.published += count;
}

/**
 * Publish an event in the caller's transaction. Delivery happens after commit, by the dispatch
 * job; if the transaction rolls back the event never existed. Call it with the `tx` of the change.
 */
export async function publishEvent(tx: DbOrTx, event: DomainEvent): Promise<void> {
  await tx.insert(domainEvents).values({ module: event.module, trigger: event.trigger, recordId: event.recordId, companyId: event.companyId, fields: event.fields });
  tallyPublished(1);
}

// A named prepared statement: payments publish on every request.
const insertEvents = preparedStatement<{ rows: string }, { published: SQL<number> }>('apron_publish_events', (slot) => {
  const inserted = cte('published_events', sql`
    insert into ${domainEvents} (module, trigger, record_id, company_id, fields)
    select e.module, e.trigger, e.record_id, e.company_id, e.fields
    from jsonb_to_recordset(${slot('rows')}::jsonb) as e(module text, trigger text, record_id text, company_id uuid, fields jsonb)
    returning 1`);
  return { with: [inserted], select: { published: sql<number>`count(*)::int` }, from: sql`published_events` };
});

/**
 * Publish many events in the caller's transaction with one statement, whatever their number (the
 * set-based runs: invoice cycles, overdue marks, scheduled inspections). The rows travel as one
 * jsonb parameter, so no bind-parameter limit applies. Same delivery as `publishEvent`.
 */
export async function publishEvents(tx: DbOrTx, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({ module: e.module, trigger: e.trigger, record_id: e.recordId, company_id: e.companyId, fields: e.fields }));
  await insertEvents(tx, { rows: JSON.stringify(rows) });
  tallyPublished(events.length);
}

/**
 * A handler runs in the dispatch transaction: everything it writes (alerts, outbox e-mails)
 * commits together with the event's `processed_at`, or not at all. It must not call anything
 * slow or outside (SMTP, HTTP): queue instead.
 */
export type EventHandler = (tx: Tx, event: DomainEventRow) => Promise<void>;

/**
 * What reacts to events after commit: `ctx.plugins.provide(eventHandlers, 'notification-rules',
 * handler)`. The slot only lists this app's handlers; they run in the dispatch transaction.
 */
export const eventHandlers = manySlot<EventHandler>('events.handlers');

export interface DispatchResult {
  processed: number;
  retrying: number;
}

/**
 * Delivers due events: lock a batch (`FOR UPDATE SKIP LOCKED`, so N instances never take the
 * same), run every handler in that transaction, mark them processed, commit - so a handler's
 * writes and the processed mark commit together, and a retried job never repeats them. When a
 * handler throws, the batch rolls back and its events go one per transaction; the failing one is
 * retried with back-off, the others are delivered.
 */
export function createEventDispatch(options: { db: Db; log: FastifyBaseLogger; plugins: PluginRegistry }) {
  const { db, log, plugins } = options;

  const handlersOf = () => plugins.all(eventHandlers);
  /** The oldest due events, locked (`SKIP LOCKED`: other instances take others). */
  const claimDue = (tx: Tx, limit: number) =>
    tx
      .select()
      .from(domainEvents)
      .where(and(isNull(domainEvents.processedAt), lte(domainEvents.nextAttemptAt, sql`now()`)))
      .orderBy(asc(domainEvents.nextAttemptAt), asc(domainEvents.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });

  /**
   * The usual path: up to EVENTS_PER_BATCH due events in ONE transaction (claimed with `FOR UPDATE
   * SKIP LOCKED`, every handler run for each, all marked processed, commit): a busy instance
   * publishing an event per payment would otherwise spend a transaction per event. Any handler
   * throwing rolls the whole batch back ('failed'); the caller then delivers them one by one, so
   * only the failing event waits for its retry.
   */
  async function dispatchBatch(): Promise<number | 'failed'> {
    try {
      return await db.transaction(async (tx) => {
        const events = await claimDue(tx, EVENTS_PER_BATCH);
        if (events.length === 0) return 0;
        const handlers = handlersOf();
        for (const event of events) for (const handler of handlers) await handler(tx, event);
        await tx
          .update(domainEvents)
          .set({ processedAt: sql`now()`, attempts: sql`${domainEvents.attempts} + 1`, lastError: null })
          .where(inArray(domainEvents.id, events.map((e) => e.id)));
        return events.length;
      });
    } catch (error) {
      log.warn({ err: error }, 'a batch of domain events failed; delivering them one by one');
      return 'failed';
    }
  }

  /** One event in its own transaction: after a failed batch, so one bad event does not hold the others. */
  async function dispatchOne(): Promise<'none' | 'processed' | 'failed'> {
    let claimed: DomainEventRow | null = null;
    try {
      const done = await db.transaction(async (tx) => {
        const [event] = await claimDue(tx, 1);
        if (!event) return false;
        claimed = event;
        for (const handler of handlersOf()) await handler(tx, event);
        await tx
          .update(domainEvents)
          .set({ processedAt: sql`now()`, attempts: event.attempts + 1, lastError: null })
          .where(eq(domainEvents.id, event.id));
        return true;
      });
      return done ? 'processed' : 'none';
    } catch (error) {
      const event = claimed as DomainEventRow | null;
      if (!event) throw error;
      const attempts = event.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, eventId: event.id, attempts }, 'a domain event could not be delivered; it will be retried');
      await db
        .update(domainEvents)
        .set({ attempts, lastError: message.slice(0, 2000), nextAttemptAt: sql`now() + make_interval(mins => ${retryDelayMinutes(attempts)})` })
        .where(and(eq(domainEvents.id, event.id), isNull(domainEvents.processedAt)));
      return 'failed';
    }
  }

  return {
    /** Delivers what is due now (at most 500 per run); returns what happened. */
    async dispatch(): Promise<DispatchResult> {
      const result: DispatchResult = { processed: 0, retrying: 0 };
      while (result.processed + result.retrying < MAX_PER_RUN) {
        const batch = await dispatchBatch();
        if (batch === 0) break;
        if (batch !== 'failed') {
          result.processed += batch;
          continue;
        }
        // One by one through what the failed batch held (its size at most), each failure on its own back-off.
        for (let i = 0; i < EVENTS_PER_BATCH; i++) {
          const outcome = await dispatchOne();
          if (outcome === 'none') break;
          if (outcome === 'processed') result.processed++;
          else result.retrying++;
        }
      }
      return result;
    },
  };
}

/** Delivered events are kept a month for inspection, then removed by the nightly clean-up. */
export async function deleteProcessedEvents(db: Db, olderThanDays = 30): Promise<void> {
  await db.delete(domainEvents).where(sql`${domainEvents.processedAt} < now() - make_interval(days => ${olderThanDays})`);
}

/**
 * Run `work` (the demo seed) and mark the events it published delivered without delivering them:
 * the seed's year of invoices, inspections and payments is history, and a notification rule must
 * not turn it into thousands of alerts and e-mails at start-up. Events published before it (real
 * changes a previous run had not delivered yet) are left to the dispatch. Times are the
 * database's clock, the one `created_at` is written with. Returns how many were settled.
 */
export async function settleEventsPublishedDuring(db: Db, work: () => Promise<void>): Promise<number> {
  const result = await db.execute(sql`select now() as started`);
  const [mark] = rowsOf<{ started: string | Date }>(result);
  await work();
  const settled = await db
    .update(domainEvents)
    .set({ processedAt: sql`now()`, lastError: 'settled: demo seed history' })
    .where(and(isNull(domainEvents.processedAt), sql`${domainEvents.createdAt} >= ${new Date(mark!.started).toISOString()}::timestamptz`))
    .returning({ id: domainEvents.id });
  return settled.length;
}
