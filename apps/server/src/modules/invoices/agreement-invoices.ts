import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  addCalendarDays, formatDate, INVOICE_MESSAGES, lateFeeCents, prorateRent, type TAgreementInvoiceCreate,
} from '@apron/core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recordAudits, type AuditActor } from '../../platform/audit/audit';
import { AppError, notFound } from '../../platform/errors/app-error';
import { cronDayPeriod } from '../../platform/jobs/cron';
import {
  agreementPaymentTypeIdSql, findAgreementToInvoice, latestAgreementPaymentTypeIdSql, listCycleAgreements, listRentLinks, type CycleAgreement, type CycleAgreementColumns, type RentLink,
} from '../agreements/index';
import { listInvoiceCycles, paymentTypeLateFeeSql } from '../settings/index';
import { takeNumbers } from '../../platform/tenancy/numbering';
import { publishInvoiceEvents } from './invoice-events';
import { airportToday } from './invoices.repo';
import { invoices } from './invoices.table';
import { companyHeldSql } from './billing-holds';

/**
 * Rent invoices from agreements (issue 5 items 10, 11) and the overdue status with its late fee
 * (item 3). Rent is each property's monthly rent (`properties.rent_cents`), prorated by day for
 * partial months by `prorateRent` (packages/core, the one unit-tested rule), over the part of the
 * period the property is on the agreement.
 *
 * Both daily runs are set-based (issue 10 item 3): they work in chunks of agreements (or
 * invoices), each chunk one transaction of a handful of statements whatever its size, the
 * domain events of its invoices included (Invoices/Created, /Updated; docs/communications.md). A chunk
 * that fails rolls back whole; the chunks before it stay, and the next run does the rest.
 */
export interface RentLine {
  /** `Rent: <property>` */
  name: string;
  propertyName: string;
  description: string;
  chargesCents: number;
}

/** How many agreements (cycle run) or invoices (overdue run) one transaction takes. */
export const RUN_CHUNK_SIZE = 2000;

export interface AgreementRef {
  id: string;
  companyId: string;
  title: string;
  agreementNum: string;
}

/** One invoice to create: an agreement, the period it covers and its (agreement, period) key. */
export interface RentInvoiceDraft {
  agreement: AgreementRef;
  period: { start: string; end: string; key: string };
  dueDays: number;
}

/** The property links of many agreements overlapping [start, end], by property name (the agreements module's one query). */
async function loadRentLinks(db: DbOrTx, agreementIds: string[], start: string, end: string): Promise<Map<string, RentLink[]>> {
  const rows = await listRentLinks(db, agreementIds, start, end);
  const byAgreement = new Map<string, RentLink[]>();
  for (const row of rows) byAgreement.set(row.agreementId, [...(byAgreement.get(row.agreementId) ?? []), row]);
  return byAgreement;
}

/** The rent lines of one agreement for [start, end]: each link's part of the period, month by month. */
function rentLines(links: readonly RentLink[], start: string, end: string): RentLine[] {
  const lines: RentLine[] = [];
  for (const link of links) {
    const from = link.from > start ? link.from : start;
    const to = link.to && link.to < end ? link.to : end;
    for (const s of prorateRent(link.rentCents, from, to)) {
      if (s.cents <= 0) continue;
      const partial = s.days === s.daysInMonth ? '' : ` (${s.days} of ${s.daysInMonth} days)`;
      lines.push({ name: `Rent: ${link.name}`, propertyName: link.name, description: `${formatDate(s.from)} - ${formatDate(s.to)}${partial}`, chargesCents: s.cents });
    }
  }
  return lines;
}

/** A draft with the rent lines it bills and their total: what a run inserts, and what the preview shows. */
export interface PlannedInvoice extends RentInvoiceDraft {
  lines: RentLine[];
  totalCents: number;
}

/**
 * The rent lines of many drafts (one read of the links): the ONE planning step of every rent
 * invoice - by hand, the cycle run and the billing run preview (billing-preview.ts) - so what the
 * preview shows is what a run bills. A draft with no rent in its period plans nothing.
 */
export async function planRentInvoices(db: DbOrTx, drafts: readonly RentInvoiceDraft[]): Promise<PlannedInvoice[]> {
  if (drafts.length === 0) return [];
  const start = drafts.reduce((min, d) => (d.period.start < min ? d.period.start : min), drafts[0]!.period.start);
  const end = drafts.reduce((max, d) => (d.period.end > max ? d.period.end : max), drafts[0]!.period.end);
  const links = await loadRentLinks(db, drafts.map((d) => d.agreement.id), start, end);
  const planned: PlannedInvoice[] = [];
  for (const draft of drafts) {
    const lines = rentLines(links.get(draft.agreement.id) ?? [], draft.period.start, draft.period.end);
    if (lines.length > 0) planned.push({ ...draft, lines, totalCents: lines.reduce((sum, l) => sum + l.chargesCents, 0) });
  }
  return planned;
}

/**
 * Insert the invoices of many drafts in the caller's transaction, with their rent lines and
 * maintained totals, keyed by (agreement, period start): a draft whose key exists already inserts
 * nothing (ON CONFLICT DO NOTHING), which is what makes the runs safe on N instances and after a
 * crash. One read of the links (`planRentInvoices`), one statement for invoices and lines (the
 * lines join the invoices the insert returned, so a skipped invoice gets none), one for the audit
 * rows. The new invoices are numbered from one block of the airport's invoice counter, reserved in
 * the same statement for the drafts whose key does not exist yet (a rerun reserves none and
 * creates none). Returns the agreement id -> new invoice id of what was created.
 */
export async function insertRentInvoices(tx: Tx, actor: AuditActor, drafts: readonly RentInvoiceDraft[], today: string): Promise<Map<string, string>> {
  const heads: object[] = [];
  const lines: object[] = [];
  for (const { agreement, period, dueDays, lines: own, totalCents } of await planRentInvoices(tx, drafts)) {
    heads.push({
      agreement_id: agreement.id,
      company_id: agreement.companyId,
      name: `${agreement.title} ${formatDate(period.start)} - ${formatDate(period.end)}`,
      description: `Rent for agreement ${agreement.agreementNum}`,
      due_date: addCalendarDays(today, dueDays),
      period_start: period.key,
      period_end: period.end,
      total_cents: totalCents,
      line_count: own.length,
    });
    own.forEach((l, position) => lines.push({ agreement_id: agreement.id, position, name: l.name, description: l.description, charges_cents: l.chargesCents }));
  }
  if (heads.length === 0) return new Map();
  // Lines are listed by creation time: one millisecond apart keeps the month order on the invoice.
  const created = rowsOf<Record<string, string | number>>(
    await tx.execute(sql`
      with head as (
        select * from jsonb_to_recordset(${JSON.stringify(heads)}::jsonb) as h(
          agreement_id uuid, company_id uuid, name text, description text, due_date date, period_start date, period_end date, total_cents bigint, line_count int)
      ), fresh as (
        select h.*, row_number() over (order by h.agreement_id) as n from head h
        where not exists (select 1 from invoices i where i.agreement_id = h.agreement_id and i.period_start = h.period_start)
      ), block as (
        select ${takeNumbers('invoice', sql`(select count(*) from fresh)`)} as first
      ), inserted as (
        insert into invoices (invoice_number, company_id, name, description, invoice_date, due_date, agreement_id, period_start, period_end, total_cents, paid_cents, created_by)
        select b.first + f.n - 1, company_id, name, description, ${today}::date, due_date, agreement_id, period_start, period_end, total_cents, 0, ${actor.user?.id ?? null}::uuid
        from fresh f cross join block b order by f.n
        on conflict (agreement_id, period_start) do nothing
        returning id, invoice_number, company_id, agreement_id, name, due_date, period_start, period_end, total_cents
      ), lines as (
        insert into invoice_line_items (invoice_id, name, description, charges_cents, amount, kind, created_at)
        select i.id, l.name, l.description, l.charges_cents, 1, 'rent', now() + l.position * interval '1 millisecond'
        from inserted i
        inner join jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(agreement_id uuid, position int, name text, description text, charges_cents bigint)
          on l.agreement_id = i.agreement_id
      )
      select i.id, i.invoice_number, i.company_id, i.agreement_id, i.name, i.due_date::text as due_date, i.period_start::text as period_start,
             i.period_end::text as period_end, i.total_cents, h.line_count
      from inserted i inner join head h on h.agreement_id = i.agreement_id`),
  );
  await recordAudits(
    tx,
    actor,
    created.map((row) => ({
      action: 'create',
      entity: 'invoice',
      entityId: String(row.id),
      after: {
        invoiceNumber: Number(row.invoice_number), companyId: row.company_id, agreementId: row.agreement_id, name: row.name, invoiceDate: today,
        dueDate: row.due_date, periodStart: row.period_start, periodEnd: row.period_end, totalCents: Number(row.total_cents), status: 'Created', lines: Number(row.line_count),
      },
    })),
  );
  // Invoices/Created for each new invoice (rules such as 'New invoice'), in this transaction: one
  // read and one insert for the chunk; a key that existed already made no invoice and no event.
  await publishInvoiceEvents(tx, created.map((row) => String(row.id)), 'Created');
  return new Map(created.map((row) => [String(row.agreement_id), String(row.id)]));
}

/**
 * One invoice for an agreement and period (a draft of one); null when the key exists already or
 * the agreement has no rent in the period.
 */
export async function insertAgreementInvoice(
  tx: Tx,
  actor: AuditActor,
  agreement: AgreementRef,
  period: { start: string; end: string; key: string },
  dueDays: number,
  today: string,
): Promise<string | null> {
  const created = await insertRentInvoices(tx, actor, [{ agreement, period, dueDays }], today);
  return created.get(agreement.id) ?? null;
}

/** `POST Agreements/Invoices/{id}` (Lease admins): rent lines for the given period. */
export async function createAgreementInvoice(tx: Tx, actor: AuditActor, agreementId: string, input: TAgreementInvoiceCreate): Promise<string> {
  const agreement = await findAgreementToInvoice(tx, agreementId);
  if (!agreement) throw notFound('Agreement not found');
  if (agreement.status === 'Archived') throw new AppError('CONFLICT', 'An Archived agreement cannot be changed.');
  const today = await airportToday(tx);
  const [taken] = await tx.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.agreementId, agreementId), eq(invoices.periodStart, input.startDate)));
  if (taken) throw new AppError('CONFLICT', INVOICE_MESSAGES.periodInvoiced);
  const id = await insertAgreementInvoice(tx, actor, agreement, { start: input.startDate, end: input.endDate, key: input.startDate }, agreement.dueDays, today);
  if (!id) throw new AppError('UNPROCESSABLE', INVOICE_MESSAGES.noAgreementLines);
  return id;
}

/** An invoice of the agreement for the period (keyed by its start) exists: the cycle run's own condition. */
export function invoicedForSql(agreementId: AnyPgColumn, periodStart: string): SQL {
  return sql`exists (select 1 from ${invoices} where ${invoices.agreementId} = ${agreementId} and ${invoices.periodStart} = ${periodStart})`;
}

export interface RunOptions {
  /** Agreements (cycle run) or invoices (overdue run) per transaction. */
  chunkSize?: number;
}

/** The drafts of a cycle's due agreements for a period: each agreement's part of it, keyed by the period's start. */
export function cycleDrafts(due: readonly CycleAgreement[], period: { start: string; end: string }, dueDays: number): RentInvoiceDraft[] {
  return due.map((agreement) => ({
    agreement,
    period: { start: agreement.start > period.start ? agreement.start : period.start, end: agreement.end && agreement.end < period.end ? agreement.end : period.end, key: period.start },
    dueDays,
  }));
}

/** What a cycle run skips for a period: agreements invoiced for it already, and the held companies' (billing-holds.ts). */
export function cycleRunSkipSql(cycleId: string, periodStart: string) {
  return (agreement: CycleAgreementColumns): SQL => sql`(${invoicedForSql(agreement.id, periodStart)} or ${companyHeldSql(cycleId, periodStart, agreement.companyId)})`;
}

/**
 * One cycle's run for one period: its live agreements not invoiced yet and not held, in id order,
 * `chunkSize` per transaction, each chunk planned and inserted by `insertRentInvoices`. The daily
 * run and a run by hand (billing-runs.ts, which follows `onChunk` for its progress bar) are this.
 */
export async function billCyclePeriod(
  db: Db,
  cycle: { id: string; dueDays: number },
  period: { start: string; end: string },
  day: string,
  options: RunOptions & { actor?: AuditActor; onChunk?: (progress: { agreements: number; created: number }) => Promise<void> } = {},
): Promise<number> {
  const chunkSize = options.chunkSize ?? RUN_CHUNK_SIZE;
  const actor: AuditActor = options.actor ?? { user: null };
  let created = 0;
  let after: string | null = null;
  for (;;) {
    const chunk: { last: string; agreements: number; created: number } | null = await db.transaction(async (tx) => {
      const due = await listCycleAgreements(tx, cycle.id, period, { after, limit: chunkSize }, cycleRunSkipSql(cycle.id, period.start));
      if (due.length === 0) return null;
      const made = await insertRentInvoices(tx, actor, cycleDrafts(due, period, cycle.dueDays), day);
      return { last: due[due.length - 1]!.id, agreements: due.length, created: made.size };
    });
    if (!chunk) break;
    created += chunk.created;
    after = chunk.last;
    await options.onChunk?.({ agreements: chunk.agreements, created: chunk.created });
  }
  return created;
}

/**
 * The cycle run (daily): for every invoice cycle, the period containing today (from the cycle's
 * expression, `cronDayPeriod`), and for every live agreement on that cycle overlapping the period,
 * not invoiced for it yet and whose company is not held for it, one invoice keyed by (agreement,
 * period start), due `dueDays` after today. Agreements go in id order, `chunkSize` per
 * transaction. A failing chunk stops the run with its error (the job is retried); what earlier
 * chunks wrote stays, and the next run creates only what is missing.
 */
export async function runInvoiceCycles(db: Db, today?: string, options: RunOptions = {}): Promise<{ today: string; created: number }> {
  const day = today ?? (await airportToday(db));
  let created = 0;
  for (const cycle of await listInvoiceCycles(db)) {
    const period = cronDayPeriod(cycle.expression, day);
    if (period) created += await billCyclePeriod(db, cycle, period, day, options);
  }
  return { today: day, created };
}

/**
 * The overdue run (daily): a Created invoice with something due after its due date becomes
 * Overdue and gets one late-fee line: the late fee % of its payment type (the agreement's, or
 * else the company's latest agreement's) of the amount due, added to its maintained total in the
 * same statement. Invoices are locked (`FOR UPDATE`) a chunk at a time, in id order; a second
 * instance waits on them and then finds them Overdue. The partial unique index on the late-fee
 * line makes a second fee impossible whatever happens.
 */
export async function runOverdueInvoices(db: Db, today?: string, options: RunOptions = {}): Promise<{ today: string; overdue: number }> {
  const day = today ?? (await airportToday(db));
  const chunkSize = options.chunkSize ?? RUN_CHUNK_SIZE;
  let overdue = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const chunk: { last: string; overdue: number } | null = await db.transaction(async (tx) => {
      const due = rowsOf<{ id: string; due_cents: string | number; due_date: string; late_fee: string | number | null }>(
        await tx.execute(sql`
          select i.id, i.total_cents - i.paid_cents as due_cents, i.due_date::text as due_date,
            case when i.agreement_id is not null
              then ${paymentTypeLateFeeSql(agreementPaymentTypeIdSql(sql`i.agreement_id`))}
              else ${paymentTypeLateFeeSql(latestAgreementPaymentTypeIdSql(sql`i.company_id`))}
            end as late_fee
          from invoices i
          where i.status = 'Created' and i.due_date < ${day}::date and i.paid_cents < i.total_cents and i.id > ${after}::uuid
            -- a closed period's invoices stay as they were closed (period-close.ts)
            and i.invoice_date > coalesce((select max(closed_through) from invoice_period_closes), '0001-01-01'::date)
          order by i.id
          limit ${chunkSize}
          for update of i`),
      );
      if (due.length === 0) return null;
      const marked = due.map((row) => {
        const percent = Number(row.late_fee ?? 0);
        const fee = lateFeeCents(Number(row.due_cents), percent);
        return { id: row.id, fee_cents: fee, description: `${percent}% of the amount due after ${formatDate(row.due_date)}` };
      });
      const changed = rowsOf<{ id: string; fee_cents: string | number }>(
        await tx.execute(sql`
          with mark as (
            select * from jsonb_to_recordset(${JSON.stringify(marked)}::jsonb) as m(id uuid, fee_cents bigint, description text)
          ), fee as (
            insert into invoice_line_items (invoice_id, name, description, charges_cents, amount, kind)
            select id, 'Late fee', description, fee_cents, 1, 'late_fee' from mark where fee_cents > 0
            on conflict do nothing
            returning invoice_id, charges_cents
          )
          update invoices i
          set status = 'Overdue', total_cents = i.total_cents + coalesce(fee.charges_cents, 0), updated_at = now()
          from mark left join fee on fee.invoice_id = mark.id
          where i.id = mark.id
          returning i.id, coalesce(fee.charges_cents, 0) as fee_cents`),
      );
      await recordAudits(
        tx,
        { user: null },
        changed.map((row) => ({ action: 'update', entity: 'invoice', entityId: row.id, before: { status: 'Created' }, after: { status: 'Overdue', lateFeeCents: Number(row.fee_cents) } })),
      );
      // Invoices/Updated (now Overdue, with the fee in its total) for each, one insert for the chunk.
      await publishInvoiceEvents(tx, changed.map((row) => row.id), 'Updated');
      return { last: due[due.length - 1]!.id, overdue: changed.length };
    });
    if (!chunk) break;
    overdue += chunk.overdue;
    after = chunk.last;
  }
  return { today: day, overdue };
}
