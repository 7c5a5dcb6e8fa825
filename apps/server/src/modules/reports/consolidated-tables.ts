import { formatReportDate, type TConsolidatedAgingReport, type TConsolidatedInvoiceReport, type TConsolidatedRentRoll, type TRentRollRow } from '@apron/core';
import type { ExportColumn, ExportTable } from './report-export';
import { agingTable, invoiceTable, rentRollTable } from './report-tables';

/**
 * The exports of the consolidated reports (docs/airports.md): the airport report's own columns
 * after an Airport column, each airport's rows followed by its subtotal, then the grand total.
 */
interface Line<R> {
  airport: string;
  /** Subtotal and total lines show only their label (first column) and their numbers. */
  summary: boolean;
  row: R;
}

interface Group<R> {
  airportCode: string;
  airportName: string;
  rows: R[];
  subtotal: R;
}

function consolidated<R>(base: ExportTable<R>, groups: Group<R>[], total: R): ExportTable<Line<R>> {
  const columns: ExportColumn<Line<R>>[] = [
    { header: 'Airport', cell: 'text', value: (line) => line.airport },
    ...base.columns.map((c, i): ExportColumn<Line<R>> => ({
      header: c.header,
      cell: c.cell,
      width: c.width,
      value: (line) => (!line.summary || i === 0 || c.cell === 'money' || c.cell === 'int' ? c.value(line.row) : null),
    })),
  ];
  const rows = groups.flatMap((g): Line<R>[] => {
    const airport = `${g.airportCode} — ${g.airportName}`;
    return [...g.rows.map((row) => ({ airport, summary: false, row })), { airport, summary: true, row: g.subtotal }];
  });
  return { title: `${base.title} — All Airports`, subtitle: base.subtitle, columns, rows, totals: { airport: '', summary: true, row: total } };
}

export function consolidatedInvoiceTable(report: TConsolidatedInvoiceReport, period: string) {
  const base = invoiceTable({ ...report, rows: [] }, period);
  const groups = report.airports.map((a) => ({
    ...a,
    rows: report.rows.filter((r) => r.airportId === a.airportId),
    subtotal: { companyId: '', company: 'Subtotal', ...a.totals },
  }));
  return consolidated(base, groups, { companyId: '', company: 'Total', ...report.totals });
}

export function consolidatedAgingTable(report: TConsolidatedAgingReport, today: string) {
  const base = agingTable({ asOf: today, rows: [], totals: report.totals });
  const groups = report.airports.map((a) => ({
    ...a,
    rows: report.rows.filter((r) => r.airportId === a.airportId),
    subtotal: { companyId: '', company: 'Subtotal', ...a.totals },
  }));
  return { ...consolidated(base, groups, { companyId: '', company: 'Total', ...report.totals }), subtitle: `As of ${formatReportDate(today)} (each airport at its own date)` };
}

const summaryRent = (label: string, rent: number): TRentRollRow => ({
  _id: '', property: label, propertyId: '', companyId: '', company: '', agreementId: '', agreementNum: '', rent, startDate: '', endDate: null, nextAdjustment: null,
});

export function consolidatedRentRollTable(report: TConsolidatedRentRoll, today: string) {
  const base = rentRollTable([], today);
  const groups = report.airports.map((a) => ({ ...a, rows: report.rows.filter((r) => r.airportId === a.airportId), subtotal: summaryRent('Subtotal', a.totals.rent) }));
  return consolidated<TRentRollRow>(base, groups, summaryRent('Total', report.totals.rent));
}
