import {
  fromCents, toCents, type TConsolidatedAgingReport, type TConsolidatedInvoiceReport, type TConsolidatedRentRoll, type TInvoiceReportQuery, type TSessionUser,
} from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../platform/errors/app-error';
import { listAirports, withAirport, type AirportRow } from '../../platform/tenancy/index';
import { airportToday } from './reports.deps';
import * as repo from './reports.repo';

/**
 * Consolidated reports (issue 22, docs/airports.md "Consolidated reports"): an authority-wide
 * administrator reads billing, collection, A/R aging and rent roll across every enabled airport.
 * Each airport's report is the airport's own query, run inside `withAirport` so row-level security
 * stays on (never as system): this code only ever combines what each airport already shows.
 */
export function assertAuthorityWide(user: TSessionUser | null): void {
  if (!user?.isAuthorityAdmin) throw forbidden();
}

interface AirportPart<T> {
  airport: AirportRow;
  today: string;
  report: T;
}

/** Runs `report` once per enabled airport (by code), one after another, each in its own scope. */
async function perAirport<T>(db: DbOrTx, report: (today: string) => Promise<T>): Promise<AirportPart<T>[]> {
  const airports = (await listAirports(db)).filter((a) => a.enabled).sort((x, y) => x.code.localeCompare(y.code));
  const parts: AirportPart<T>[] = [];
  // Sequential on purpose: one airport's connection at a time, and a stable order.
  for (const airport of airports) {
    parts.push(await withAirport(airport.id, async () => {
      const today = await airportToday(db);
      return { airport, today, report: await report(today) };
    }));
  }
  return parts;
}

const located = (airport: AirportRow) => ({ airportId: airport.id, airportCode: airport.code, airportName: airport.name });

/** Sums dollar amounts through integer cents (no floating-point drift across airports). */
function sumDollars<K extends string>(items: Record<K, number>[], keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, fromCents(items.reduce((acc, item) => acc + toCents(item[k]), 0))])) as Record<K, number>;
}

const INVOICE_MONEY = ['amountBilled', 'amountPaid', 'amountDue', 'overDue'] as const;
export async function consolidatedInvoiceReport(db: DbOrTx, query: TInvoiceReportQuery): Promise<TConsolidatedInvoiceReport> {
  const parts = await perAirport(db, (today) => repo.invoiceReport(db, query, null, today));
  const subtotals = parts.map(({ airport, report }) => ({ ...located(airport), totals: report.totals }));
  const money = sumDollars(subtotals.map((s) => s.totals), INVOICE_MONEY);
  return {
    scope: 'all',
    kind: query.kind,
    begin: query.begin,
    end: query.end,
    rows: parts.flatMap(({ airport, report }) => report.rows.map((row) => ({ ...located(airport), ...row }))),
    airports: subtotals,
    totals: { invoices: subtotals.reduce((acc, s) => acc + s.totals.invoices, 0), ...money },
  };
}

const AGING_MONEY = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90', 'total'] as const;
export async function consolidatedAgingReport(db: DbOrTx): Promise<TConsolidatedAgingReport> {
  const parts = await perAirport(db, (today) => repo.agingReport(db, null, today));
  const subtotals = parts.map(({ airport, report }) => ({ ...located(airport), asOf: report.asOf, totals: report.totals }));
  return {
    scope: 'all',
    rows: parts.flatMap(({ airport, report }) => report.rows.map((row) => ({ ...located(airport), asOf: report.asOf, ...row }))),
    airports: subtotals,
    totals: sumDollars(subtotals.map((s) => s.totals), AGING_MONEY),
  };
}

export async function consolidatedRentRoll(db: DbOrTx): Promise<TConsolidatedRentRoll> {
  const parts = await perAirport(db, (today) => repo.rentRoll(db, null, today));
  const subtotals = parts.map(({ airport, today, report }) => ({ ...located(airport), asOf: today, totals: sumDollars(report, ['rent'] as const) }));
  return {
    scope: 'all',
    rows: parts.flatMap(({ airport, report }) => report.map((row) => ({ ...located(airport), ...row }))),
    airports: subtotals,
    totals: sumDollars(subtotals.map((s) => s.totals), ['rent'] as const),
  };
}
