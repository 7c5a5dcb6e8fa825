import { formatReportDate, type TAgingReport, type TInsuranceReportRow, type TInvoiceReport, type TRentRollRow } from '@apron/core';
import type { ExportTable } from './report-export';

/** The column layouts of each report's CSV, Excel and PDF (the same columns as its grid). */
type InvoiceRow = TInvoiceReport['rows'][number];

export function invoiceTable(report: TInvoiceReport, period: string): ExportTable<InvoiceRow> {
  const collection = report.kind === 'Collection';
  const columns: ExportTable<InvoiceRow>['columns'] = [
    { header: 'Company', cell: 'text', value: (r) => r.company },
    { header: 'Invoices', cell: 'int', value: (r) => r.invoices },
  ];
  if (!collection) columns.push({ header: 'Amount Billed', cell: 'money', value: (r) => r.amountBilled });
  columns.push({ header: 'Amount Paid', cell: 'money', value: (r) => r.amountPaid });
  if (!collection) columns.push({ header: 'Amount Due', cell: 'money', value: (r) => r.amountDue }, { header: 'Overdue', cell: 'money', value: (r) => r.overDue });
  return {
    title: `${report.kind} Report`,
    subtitle: period,
    columns,
    rows: report.rows,
    totals: { companyId: '', company: 'Total', ...report.totals },
  };
}

export function insuranceTable(which: string, rows: TInsuranceReportRow[], today: string): ExportTable<TInsuranceReportRow> {
  return {
    title: `${which} Insurance`,
    subtitle: `As of ${formatReportDate(today)}`,
    columns: [
      { header: 'Company Name', cell: 'text', value: (r) => r.companyName },
      { header: 'Insurance Type', cell: 'text', value: (r) => r.type },
      { header: 'Start', cell: 'date', value: (r) => r.startDate },
      { header: 'End', cell: 'date', value: (r) => r.endDate },
      { header: 'Created', cell: 'date', value: (r) => r.createdAt.slice(0, 10) },
    ],
    rows,
  };
}

type AgingRow = TAgingReport['rows'][number];
export function agingTable(report: TAgingReport): ExportTable<AgingRow> {
  return {
    title: 'A/R Aging',
    subtitle: `As of ${formatReportDate(report.asOf)}`,
    columns: [
      { header: 'Company', cell: 'text', value: (r) => r.company },
      { header: 'Current', cell: 'money', value: (r) => r.current },
      { header: '1-30', cell: 'money', value: (r) => r.days1to30 },
      { header: '31-60', cell: 'money', value: (r) => r.days31to60 },
      { header: '61-90', cell: 'money', value: (r) => r.days61to90 },
      { header: 'Over 90', cell: 'money', value: (r) => r.over90 },
      { header: 'Total', cell: 'money', value: (r) => r.total },
    ],
    rows: report.rows,
    totals: { companyId: '', company: 'Total', ...report.totals },
  };
}

export function rentRollTable(rows: TRentRollRow[], today: string): ExportTable<TRentRollRow> {
  return {
    title: 'Rent Roll',
    subtitle: `As of ${formatReportDate(today)}`,
    columns: [
      { header: 'Property', cell: 'text', value: (r) => r.property },
      { header: 'Tenant', cell: 'text', value: (r) => r.company },
      { header: 'Agreement', cell: 'text', value: (r) => r.agreementNum },
      { header: 'Rent', cell: 'money', value: (r) => r.rent },
      { header: 'Start', cell: 'date', value: (r) => r.startDate },
      { header: 'End', cell: 'date', value: (r) => r.endDate },
      { header: 'Next Adjustment', cell: 'date', value: (r) => r.nextAdjustment },
    ],
    rows,
  };
}
