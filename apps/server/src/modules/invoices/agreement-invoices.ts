import { and, asc, desc, eq, inArray, lte, or, isNull, gte, sql } from 'drizzle-orm';
import {
  addCalendarDays, cyclePeriod, formatDate, INVOICE_MESSAGES, lateFeeCents, prorateRent, type TAgreementInvoiceCreate,
} from '@apron/core';
import type { Db, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, notFound } from '../../platform/errors/app-error';
import { agreementProperties, agreements } from '../agreements/index';
import { properties } from '../properties/index';
import { invoiceCycles, paymentTypes } from '../settings/index';
import { airportToday, refreshInvoiceTotals } from './invoices.repo';
import { invoiceLineItems, invoices } from './invoices.table';

/**
 * Rent invoices from agreements (issue 5 items 10, 11) and the overdue status with its late fee
 * (item 3). Rent is each property's monthly rent (`properties.rent_cents`), prorated by day for
 * partial months by `prorateRent` (packages/core), over the part of the period the property is
 * on the agreement.
 */
export interface RentLine {
  name: string;
  description: string;
  chargesCents: number;
}

async function rentLines(db: Db | Tx, agreementId: string, start: string, end: string): Promise<RentLine[]> {
  const links = await db
    .select({ name: properties.name, rentCents: properties.rentCents, from: agreementProperties.startDate, to: agreementProperties.endDate })
    .from(agreementProperties)
    .innerJoin(properties, eq(properties.id, agreementProperties.propertyId))
    .where(and(eq(agreementProperties.agreementId, agreementId), lte(agreementProperties.startDate, end), or(isNull(agreementProperties.endDate), gte(agreementProperties.endDate, start))))
    .orderBy(asc(properties.name));
  const lines: RentLine[] = [];
  for (const link of links) {
    const from = link.from > start ? link.from : start;
    const to = link.to && link.to < end ? link.to : end;
    for (const s of prorateRent(link.rentCents, from, to)) {
      if (s.cents <= 0) continue;
      const partial = s.days === s.daysInMonth ? '' : ` (${s.days} of ${s.daysInMonth} days)`;
      lines.push({ name: `Rent: ${link.name}`, description: `${formatDate(s.from)} - ${formatDate(s.to)}${partial}`, chargesCents: s.cents });
    }
  }
  return lines;
}

/**
 * One invoice for an agreement and period, keyed by (agreement, period start): a second attempt
 * for the same key inserts nothing and returns null (ON CONFLICT DO NOTHING), which is what makes
 * the cycle job safe on N instances and after a crash.
 */
export async function insertAgreementInvoice(
  tx: Tx,
  actor: AuditActor,
  agreement: { id: string; companyId: string; title: string; agreementNum: string },
  period: { start: string; end: string; key: string },
  dueDays: number,
  today: string,
): Promise<string | null> {
  const lines = await rentLines(tx, agreement.id, period.start, period.end);
  if (lines.length === 0) return null;
  const [row] = await tx
    .insert(invoices)
    .values({
      companyId: agreement.companyId,
      name: `${agreement.title} ${formatDate(period.start)} - ${formatDate(period.end)}`,
      description: `Rent for agreement ${agreement.agreementNum}`,
      invoiceDate: today,
      dueDate: addCalendarDays(today, dueDays),
      agreementId: agreement.id,
      periodStart: period.key,
      periodEnd: period.end,
      createdBy: actor.user?.id ?? null,
    })
    .onConflictDoNothing({ target: [invoices.agreementId, invoices.periodStart] })
    .returning();
  if (!row) return null;
  // Lines are listed by creation time: one millisecond apart keeps the month order on the invoice.
  const at = Date.now();
  await tx.insert(invoiceLineItems).values(lines.map((l, i) => ({ invoiceId: row.id, name: l.name, description: l.description, chargesCents: l.chargesCents, amount: 1, kind: 'rent', createdAt: new Date(at + i) })));
  await refreshInvoiceTotals(tx, row.id, today);
  await recordAudit(tx, actor, { action: 'create', entity: 'invoice', entityId: row.id, after: { ...row, lines: lines.length } });
  return row.id;
}

/** `POST Agreements/Invoices/{id}` (Lease admins): rent lines for the given period. */
export async function createAgreementInvoice(tx: Tx, actor: AuditActor, agreementId: string, input: TAgreementInvoiceCreate): Promise<string> {
  const [agreement] = await tx
    .select({ id: agreements.id, companyId: agreements.companyId, title: agreements.title, agreementNum: agreements.agreementNum, status: agreements.status, dueDays: invoiceCycles.dueDays })
    .from(agreements)
    .innerJoin(invoiceCycles, eq(invoiceCycles.id, agreements.invoiceCycleId))
    .where(eq(agreements.id, agreementId));
  if (!agreement) throw notFound('Agreement not found');
  if (agreement.status === 'Archived') throw new AppError('CONFLICT', 'An Archived agreement cannot be changed.');
  const today = await airportToday(tx);
  const [taken] = await tx.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.agreementId, agreementId), eq(invoices.periodStart, input.startDate)));
  if (taken) throw new AppError('CONFLICT', INVOICE_MESSAGES.periodInvoiced);
  const id = await insertAgreementInvoice(tx, actor, agreement, { start: input.startDate, end: input.endDate, key: input.startDate }, agreement.dueDays, today);
  if (!id) throw new AppError('UNPROCESSABLE', INVOICE_MESSAGES.noAgreementLines);
  return id;
}

/**
 * The cycle run (daily): for every invoice cycle, the period containing today (from the cycle's
 * expression, `cyclePeriod`), and for every live agreement on that cycle overlapping the period,
 * one invoice keyed by (agreement, period start), due `dueDays` after today. Each agreement is
 * its own transaction, so a crash loses nothing already written and the next run completes it.
 */
export async function runInvoiceCycles(db: Db, today?: string): Promise<{ today: string; created: number }> {
  const day = today ?? (await airportToday(db));
  const actor: AuditActor = { user: null };
  let created = 0;
  const cycles = await db.select().from(invoiceCycles);
  for (const cycle of cycles) {
    const period = cyclePeriod(cycle.expression, day);
    if (!period) continue;
    const due = await db
      .select({ id: agreements.id, companyId: agreements.companyId, title: agreements.title, agreementNum: agreements.agreementNum, start: agreements.startDate, end: agreements.endDate })
      .from(agreements)
      .where(
        and(
          eq(agreements.invoiceCycleId, cycle.id),
          inArray(agreements.status, ['Active', 'Expiring Soon']),
          lte(agreements.startDate, period.end),
          or(isNull(agreements.endDate), gte(agreements.endDate, period.start)),
          sql`not exists (select 1 from ${invoices} where ${invoices.agreementId} = ${agreements.id} and ${invoices.periodStart} = ${period.start})`,
        ),
      );
    for (const agreement of due) {
      const start = agreement.start > period.start ? agreement.start : period.start;
      const end = agreement.end && agreement.end < period.end ? agreement.end : period.end;
      const id = await db.transaction((tx) => insertAgreementInvoice(tx, actor, agreement, { start, end, key: period.start }, cycle.dueDays, day));
      if (id) created += 1;
    }
  }
  return { today: day, created };
}

/**
 * The overdue run (daily): a Created invoice with something due after its due date becomes
 * Overdue and gets one late-fee line: the late fee % of its payment type (the agreement's, or
 * else the company's latest agreement's) of the amount due. The partial unique index on the
 * late-fee line makes a second run, or a second instance, add nothing.
 */
export async function runOverdueInvoices(db: Db, today?: string): Promise<{ today: string; overdue: number }> {
  const day = today ?? (await airportToday(db));
  const candidates = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.status, 'Created'), sql`${invoices.dueDate} < ${day}`, sql`${invoices.paidCents} < ${invoices.totalCents}`));
  let overdue = 0;
  for (const { id } of candidates) {
    const changed = await db.transaction(async (tx) => {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
      if (!invoice || invoice.status !== 'Created' || !invoice.dueDate || invoice.dueDate >= day || invoice.paidCents >= invoice.totalCents) return false;
      const [type] = await tx
        .select({ lateFee: paymentTypes.lateFee })
        .from(agreements)
        .innerJoin(paymentTypes, eq(paymentTypes.id, agreements.rentAdjustmentTypeId))
        .where(invoice.agreementId ? eq(agreements.id, invoice.agreementId) : eq(agreements.companyId, invoice.companyId))
        .orderBy(desc(agreements.startDate))
        .limit(1);
      const fee = lateFeeCents(invoice.totalCents - invoice.paidCents, type?.lateFee ?? 0);
      await tx.update(invoices).set({ status: 'Overdue', updatedAt: new Date() }).where(eq(invoices.id, id));
      if (fee > 0) {
        await tx
          .insert(invoiceLineItems)
          .values({ invoiceId: id, name: 'Late fee', description: `${type!.lateFee}% of the amount due after ${formatDate(invoice.dueDate)}`, chargesCents: fee, amount: 1, kind: 'late_fee' })
          .onConflictDoNothing();
      }
      await refreshInvoiceTotals(tx, id, day);
      await recordAudit(tx, { user: null }, { action: 'update', entity: 'invoice', entityId: id, before: { status: 'Created' }, after: { status: 'Overdue', lateFeeCents: fee } });
      return true;
    });
    if (changed) overdue += 1;
  }
  return { today: day, overdue };
}
