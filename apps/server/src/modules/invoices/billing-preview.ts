import { sql } from 'drizzle-orm';
import { formatDate, formatMoney, fromCents, type TBillingChange, type TBillingCompany, type TBillingHold, type TBillingPreview } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cycleAgreementIdsSql, findAgreementFacts, listCycleAgreements, listRentLinks } from '../agreements/index';
import { findCompaniesByIds } from '../companies/index';
import type { InvoiceCycleToRun } from '../settings/index';
import { cycleDrafts, invoicedForSql, planRentInvoices, RUN_CHUNK_SIZE, type PlannedInvoice } from './agreement-invoices';
import { findHolds } from './billing-holds';
import { previousPeriod, type BillingPeriod } from './billing-periods';

/**
 * The billing run preview (issue 24): what a cycle's run will bill for a period, computed by the
 * run's own steps - the same listing of due agreements (`listCycleAgreements`), the same drafts
 * (`cycleDrafts`) and the same planning (`planRentInvoices`) - so the page shows what gets billed.
 * The one difference: held companies are listed (marked `held`, their total apart) where the run
 * skips them. Agreements invoiced for the period already are not listed: after a run the preview
 * shows what is left (nothing, unless leases were added since).
 */
interface LastInvoice {
  agreementId: string;
  companyId: string;
  totalCents: number;
  periodEnd: string;
}

interface CompanyBill {
  companyId: string;
  planned: PlannedInvoice[];
  lastPeriodCents: number;
  changes: TBillingChange[];
}

/**
 * Every invoice the run would make for the period, chunk by chunk as the run reads them (the
 * run's listing but for the hold), and each agreement's start date (a new lease's chip).
 */
async function planCyclePeriod(db: DbOrTx, cycle: InvoiceCycleToRun, period: BillingPeriod): Promise<{ planned: PlannedInvoice[]; starts: Map<string, string> }> {
  const planned: PlannedInvoice[] = [];
  const starts = new Map<string, string>();
  let after: string | null = null;
  for (;;) {
    const due = await listCycleAgreements(db, cycle.id, period, { after, limit: RUN_CHUNK_SIZE }, (agreement) => invoicedForSql(agreement.id, period.start));
    if (due.length === 0) return { planned, starts };
    for (const agreement of due) starts.set(agreement.id, agreement.start);
    planned.push(...(await planRentInvoices(db, cycleDrafts(due, period, cycle.dueDays))));
    after = due[due.length - 1]!.id;
  }
}

/** The cycle's invoices keyed by a period start (cancelled ones left out: they billed nothing). */
async function cycleInvoicesOf(db: DbOrTx, cycleId: string, periodStart: string): Promise<LastInvoice[]> {
  const rows = rowsOf<{ agreement_id: string; company_id: string; total_cents: string | number; period_end: string }>(
    await db.execute(sql`
      select i.agreement_id, i.company_id, i.total_cents, i.period_end::text as period_end from invoices i
      where i.period_start = ${periodStart} and i.status <> 'Cancelled' and i.agreement_id in ${cycleAgreementIdsSql(cycleId)}`),
  );
  return rows.map((r) => ({ agreementId: r.agreement_id, companyId: r.company_id, totalCents: Number(r.total_cents), periodEnd: r.period_end }));
}

const isWhole = (from: string, to: string, period: BillingPeriod) => from === period.start && to === period.end;

/** New, escalated (a whole period both times, billed more) and ended (billed last period, nothing now) leases. */
async function changesFromLastPeriod(
  db: DbOrTx,
  { planned, starts }: { planned: readonly PlannedInvoice[]; starts: ReadonlyMap<string, string> },
  last: readonly LastInvoice[],
  billedNow: ReadonlySet<string>,
  period: BillingPeriod,
  lastPeriod: BillingPeriod | null,
): Promise<Map<string, TBillingChange[]>> {
  const byCompany = new Map<string, TBillingChange[]>();
  const add = (companyId: string, change: TBillingChange) => byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), change]);
  const lastByAgreement = new Map(last.map((invoice) => [invoice.agreementId, invoice]));
  for (const invoice of planned) {
    const propertyName = [...new Set(invoice.lines.map((l) => l.propertyName))].join(', ');
    const before = lastByAgreement.get(invoice.agreement.id);
    const base = { agreementNum: invoice.agreement.agreementNum, propertyName };
    if (!before) {
      const started = starts.get(invoice.agreement.id);
      const detail = started && started >= period.start ? `Starts ${formatDate(started)}` : 'Not billed last period';
      add(invoice.agreement.companyId, { kind: 'new', ...base, detail });
    } else if (
      lastPeriod && isWhole(lastPeriod.start, before.periodEnd, lastPeriod) && isWhole(invoice.period.start, invoice.period.end, period) && invoice.totalCents > before.totalCents
    ) {
      add(invoice.agreement.companyId, { kind: 'escalated', ...base, detail: `${formatMoney(before.totalCents)} -> ${formatMoney(invoice.totalCents)}` });
    }
  }
  const plannedIds = new Set(planned.map((p) => p.agreement.id));
  const ended = last.filter((invoice) => !plannedIds.has(invoice.agreementId) && !billedNow.has(invoice.agreementId));
  if (ended.length > 0 && lastPeriod) {
    const facts = new Map((await findAgreementFacts(db, ended.map((e) => e.agreementId))).map((f) => [f.id, f]));
    const links = await listRentLinks(db, ended.map((e) => e.agreementId), lastPeriod.start, lastPeriod.end);
    for (const invoice of ended) {
      const fact = facts.get(invoice.agreementId);
      const propertyName = [...new Set(links.filter((l) => l.agreementId === invoice.agreementId).map((l) => l.name))].join(', ');
      const detail = fact?.end && fact.end < period.start ? `Ended ${formatDate(fact.end)}` : fact && !['Active', 'Expiring Soon'].includes(fact.status) ? `Now ${fact.status}` : 'No rent this period';
      add(invoice.companyId, { kind: 'ended', agreementNum: fact?.agreementNum ?? '', propertyName, detail: `${detail} (last billed ${formatMoney(invoice.totalCents)})` });
    }
  }
  return byCompany;
}

export interface PreviewRequest {
  cycle: InvoiceCycleToRun;
  period: BillingPeriod;
  page: number;
  pageSize: number;
}

/** The preview of one cycle's period: every company with something to bill, held, or a lease that ended; a page of them by name, totals over all. */
export async function previewCycleRun(db: DbOrTx, { cycle, period, page, pageSize }: PreviewRequest): Promise<TBillingPreview> {
  const lastPeriod = previousPeriod(cycle.expression, period);
  const plan = await planCyclePeriod(db, cycle, period);
  const { planned } = plan;
  const holds = await findHolds(db, cycle.id, period.start);
  const last = lastPeriod ? await cycleInvoicesOf(db, cycle.id, lastPeriod.start) : [];
  const now = await cycleInvoicesOf(db, cycle.id, period.start);
  const changes = await changesFromLastPeriod(db, plan, last, new Set(now.map((i) => i.agreementId)), period, lastPeriod);

  const bills = new Map<string, CompanyBill>();
  const billOf = (companyId: string) => {
    const bill = bills.get(companyId) ?? { companyId, planned: [], lastPeriodCents: 0, changes: changes.get(companyId) ?? [] };
    bills.set(companyId, bill);
    return bill;
  };
  for (const invoice of planned) billOf(invoice.agreement.companyId).planned.push(invoice);
  for (const invoice of last) billOf(invoice.companyId).lastPeriodCents += invoice.totalCents;
  for (const companyId of [...holds.keys(), ...changes.keys()]) billOf(companyId);
  // A company billed last period with nothing to bill, hold or change now is not part of this run.
  const listed = [...bills.values()].filter((b) => b.planned.length > 0 || b.changes.length > 0 || holds.has(b.companyId));

  const names = await findCompaniesByIds(db, listed.map((b) => b.companyId));
  const nameOf = (id: string) => names.get(id)?.name ?? '';
  listed.sort((a, b) => nameOf(a.companyId).localeCompare(nameOf(b.companyId)) || (a.companyId < b.companyId ? -1 : 1));

  const totalOf = (bill: CompanyBill) => bill.planned.reduce((sum, p) => sum + p.totalCents, 0);
  const billed = listed.filter((b) => b.planned.length > 0 && !holds.has(b.companyId));
  const heldBills = listed.filter((b) => holds.has(b.companyId));
  return {
    cycleId: cycle.id,
    cycleName: cycle.name,
    period: { from: period.start, to: period.end },
    scheduledFor: period.start,
    companies: listed.slice((page - 1) * pageSize, page * pageSize).map((bill) => presentBill(bill, nameOf(bill.companyId), holds.get(bill.companyId) ?? null, totalOf(bill))),
    total: fromCents(billed.reduce((sum, b) => sum + totalOf(b), 0)),
    heldTotal: fromCents(heldBills.reduce((sum, b) => sum + totalOf(b), 0)),
    lastPeriodTotal: fromCents(last.reduce((sum, i) => sum + i.totalCents, 0)),
    companyCount: listed.length,
    billedCompanyCount: billed.length,
    invoiceCount: billed.reduce((n, b) => n + b.planned.length, 0),
    page,
    pageSize,
    alreadyRun: now.length > 0,
  };
}

function presentBill(bill: CompanyBill, companyName: string, held: TBillingHold | null, totalCents: number): TBillingCompany {
  return {
    companyId: bill.companyId,
    companyName,
    held,
    lines: bill.planned.flatMap((p) =>
      p.lines.map((l) => ({ agreementNum: p.agreement.agreementNum, propertyName: l.propertyName, description: l.description, amount: fromCents(l.chargesCents) })),
    ),
    total: fromCents(totalCents),
    lastPeriodTotal: fromCents(bill.lastPeriodCents),
    changes: bill.changes,
  };
}
