import { asc, eq, lt, sql } from 'drizzle-orm';
import { currentPeriods, fromCents, readSetting, yearOptions, addCalendarDays, type TAgingReport, type TInsuranceReportRow, type TInvoiceReport, type TInvoiceReportQuery, type TRentRollRow, type TReportPeriods } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { companyDirectory } from '../companies/index';
import { airportToday, firstInvoiceYear, invoiceAgingByCompany, invoiceTotalsByCompany } from '../invoices/index';
import { firstPaymentYear, paymentTotalsByCompany } from '../payments/index';
import { insuranceDirectory, leasedPropertiesOn } from '../agreements/index';
import { insuranceTypeNameSql, loadSystemSettings } from '../settings/index';
import { propertyNameSql, propertyRentCentsSql } from '../properties/index';
import type { ReportScope } from './reports.policy';

const dollars = (cents: string | number | null | undefined) => fromCents(Number(cents ?? 0));

/** Periods and year options for the filters, in the airport time zone (PRODUCT-RULES 24). */
export async function reportPeriods(db: DbOrTx, now = new Date()): Promise<TReportPeriods> {
  const today = await airportToday(db, now);
  const [invoiceYear, paymentYear] = await Promise.all([firstInvoiceYear(db), firstPaymentYear(db)]);
  const known = [invoiceYear, paymentYear].filter((y): y is number => y !== null);
  const periods = currentPeriods(today);
  return { ...periods, years: yearOptions(known.length ? Math.min(...known) : null, periods.currentYear.year), expiringSoonDays: await expiringSoonDays(db) };
}

export async function expiringSoonDays(db: DbOrTx): Promise<number> {
  return readSetting(await loadSystemSettings(db, ['REPORT_EXPIRING_DAYS']), 'REPORT_EXPIRING_DAYS');
}

/**
 * Billing or collection by company for [begin, end]: one aggregate statement in integer cents
 * (docs/reports.md). Billing: invoices dated in the period. Collection: payments received in it
 * (the paid column only). Sorted by company name; the totals are summed in cents.
 */
export async function invoiceReport(db: DbOrTx, query: TInvoiceReportQuery, scope: ReportScope, today: string): Promise<TInvoiceReport> {
  const range = { begin: query.begin, end: query.end, companyId: scope };
  let rows: { companyId: string; company: string; invoices: number; billed: number; paid: number; due: number; overdue: number }[];
  if (query.kind === 'Billing') {
    const totals = invoiceTotalsByCompany({ ...range, today });
    const found = await db
      .select({ companyId: totals.companyId, company: companyDirectory.name, invoices: totals.invoices, billed: totals.billedCents, paid: totals.paidCents, due: totals.dueCents, overdue: totals.overdueCents })
      .from(totals)
      .innerJoin(companyDirectory, eq(companyDirectory.id, totals.companyId))
      .orderBy(asc(sql`lower(${companyDirectory.name})`), asc(totals.companyId));
    rows = found.map((r) => ({ ...r, invoices: Number(r.invoices), billed: Number(r.billed), paid: Number(r.paid), due: Number(r.due), overdue: Number(r.overdue) }));
  } else {
    const totals = paymentTotalsByCompany(range);
    const found = await db
      .select({ companyId: totals.companyId, company: companyDirectory.name, invoices: totals.invoices, paid: totals.collectedCents })
      .from(totals)
      .innerJoin(companyDirectory, eq(companyDirectory.id, totals.companyId))
      .orderBy(asc(sql`lower(${companyDirectory.name})`), asc(totals.companyId));
    rows = found.map((r) => ({ ...r, invoices: Number(r.invoices), billed: 0, paid: Number(r.paid), due: 0, overdue: 0 }));
  }
  const sum = (key: 'invoices' | 'billed' | 'paid' | 'due' | 'overdue') => rows.reduce((acc, r) => acc + r[key], 0);
  return {
    kind: query.kind,
    begin: query.begin,
    end: query.end,
    rows: rows.map((r) => ({ companyId: r.companyId, company: r.company, invoices: r.invoices, amountBilled: dollars(r.billed), amountPaid: dollars(r.paid), amountDue: dollars(r.due), overDue: dollars(r.overdue) })),
    totals: { invoices: sum('invoices'), amountBilled: dollars(sum('billed')), amountPaid: dollars(sum('paid')), amountDue: dollars(sum('due')), overDue: dollars(sum('overdue')) },
  };
}

/** Expired: ended before today. Expiring Soon: ending from today to today + the setting's days. */
export async function insuranceReport(db: DbOrTx, which: 'Expired' | 'Expiring Soon', scope: ReportScope, today: string): Promise<TInsuranceReportRow[]> {
  const window = which === 'Expired' ? lt(insuranceDirectory.endDate, today) : sql`${insuranceDirectory.endDate} between ${today} and ${addCalendarDays(today, await expiringSoonDays(db))}`;
  const rows = await db
    .select({
      id: insuranceDirectory.id,
      companyId: insuranceDirectory.companyId,
      companyName: companyDirectory.name,
      type: insuranceTypeNameSql(insuranceDirectory.insuranceTypeId),
      startDate: insuranceDirectory.startDate,
      endDate: insuranceDirectory.endDate,
      createdAt: insuranceDirectory.createdAt,
    })
    .from(insuranceDirectory)
    .innerJoin(companyDirectory, eq(companyDirectory.id, insuranceDirectory.companyId))
    .where(sql`${window}${scope ? sql` and ${insuranceDirectory.companyId} = ${scope}` : sql``}`)
    .orderBy(which === 'Expired' ? sql`${insuranceDirectory.endDate} desc` : asc(insuranceDirectory.endDate), asc(insuranceDirectory.id))
    .limit(5000);
  return rows.map((r) => ({ _id: r.id, companyName: r.companyName, type: r.type ?? '', startDate: r.startDate, endDate: r.endDate, createdAt: new Date(r.createdAt).toISOString(), company: r.companyId }));
}

/** A/R aging at `today`, one row per company with open invoices. */
export async function agingReport(db: DbOrTx, scope: ReportScope, today: string): Promise<TAgingReport> {
  const aging = invoiceAgingByCompany(today, scope);
  const found = await db
    .select({ companyId: aging.companyId, company: companyDirectory.name, current: aging.currentCents, d30: aging.days1to30Cents, d60: aging.days31to60Cents, d90: aging.days61to90Cents, over: aging.over90Cents, total: aging.totalCents })
    .from(aging)
    .innerJoin(companyDirectory, eq(companyDirectory.id, aging.companyId))
    .orderBy(asc(sql`lower(${companyDirectory.name})`), asc(aging.companyId));
  const cents = found.map((r) => ({ companyId: r.companyId, company: r.company, current: Number(r.current), days1to30: Number(r.d30), days31to60: Number(r.d60), days61to90: Number(r.d90), over90: Number(r.over), total: Number(r.total) }));
  const keys = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90', 'total'] as const;
  const totals = Object.fromEntries(keys.map((k) => [k, dollars(cents.reduce((acc, r) => acc + r[k], 0))])) as TAgingReport['totals'];
  return { asOf: today, rows: cents.map((r) => ({ ...r, ...Object.fromEntries(keys.map((k) => [k, dollars(r[k])])) }) as TAgingReport['rows'][number]), totals };
}

/** Rent roll at `today`: every property under a live agreement, by property name. */
export async function rentRoll(db: DbOrTx, scope: ReportScope, today: string): Promise<TRentRollRow[]> {
  const leased = leasedPropertiesOn(today);
  const property = propertyNameSql(leased.propertyId);
  const rows = await db
    .select({
      id: leased.id,
      propertyId: leased.propertyId,
      property,
      agreementId: leased.agreementId,
      agreementNum: leased.agreementNum,
      companyId: leased.companyId,
      company: companyDirectory.name,
      rentCents: propertyRentCentsSql(leased.propertyId),
      startDate: leased.startDate,
      endDate: leased.endDate,
      adjustmentDate: leased.adjustmentDate,
    })
    .from(leased)
    .innerJoin(companyDirectory, eq(companyDirectory.id, leased.companyId))
    .where(scope ? eq(leased.companyId, scope) : undefined)
    .orderBy(asc(sql`lower(${property})`), asc(leased.id))
    .limit(10000);
  return rows.map((r) => ({
    _id: r.id,
    property: r.property ?? '',
    propertyId: r.propertyId,
    companyId: r.companyId,
    company: r.company,
    agreementId: r.agreementId,
    agreementNum: r.agreementNum,
    rent: dollars(r.rentCents),
    startDate: r.startDate,
    endDate: r.endDate,
    nextAdjustment: r.adjustmentDate && r.adjustmentDate >= today ? r.adjustmentDate : null,
  }));
}

