import { formatReportDate, type TGasb87Agreement, type TGasb87Maturity, type TGasb87RollForward } from '@apron/core';
import type { ExportTable } from './report-export';

/** The GASB 87 reports as export tables (CSV, Excel, PDF through report-export.ts). Amounts are dollars. */

type ScheduleRow = TGasb87Agreement['schedule'][number] | { date: string; payment: number | null; interest: number | null; principal: number | null; balance: number | null };

export function gasb87ScheduleTable(report: TGasb87Agreement): ExportTable<ScheduleRow> {
  const exclusion = report.exclusion ? ` - excluded (${report.exclusion})` : '';
  return {
    title: `GASB 87 lease schedule ${report.agreementNum}`,
    subtitle: `${report.companyName}; commencement ${formatReportDate(report.commencement)}; rate ${report.rate}%; receivable $${report.receivable.toFixed(2)}; deferred inflow $${report.deferredInflow.toFixed(2)}${exclusion}`,
    columns: [
      { header: 'Date', cell: 'date', value: (r) => r.date || null },
      { header: 'Payment', cell: 'money', value: (r) => r.payment },
      { header: 'Interest', cell: 'money', value: (r) => r.interest },
      { header: 'Principal', cell: 'money', value: (r) => r.principal },
      { header: 'Balance', cell: 'money', value: (r) => r.balance },
    ],
    rows: report.schedule,
  };
}

type RollRow = Omit<TGasb87RollForward['rows'][number], 'agreementId'>;

export function gasb87RollForwardTable(report: TGasb87RollForward): ExportTable<RollRow> {
  const money = (header: string, key: keyof TGasb87RollForward['totals']) => ({ header, cell: 'money' as const, value: (r: RollRow) => r[key] });
  return {
    title: `GASB 87 roll-forward FY ${report.fiscalYear}`,
    subtitle: `${formatReportDate(report.from)} to ${formatReportDate(report.to)}`,
    columns: [
      { header: 'Agreement', cell: 'text', value: (r) => r.agreementNum },
      { header: 'Company', cell: 'text', value: (r) => r.companyName },
      money('Beginning receivable', 'beginningReceivable'),
      money('Additions', 'additions'),
      money('Reductions', 'reductions'),
      money('Ending receivable', 'endingReceivable'),
      money('Interest revenue', 'interestRevenue'),
      money('Lease revenue', 'leaseRevenue'),
      money('Beginning deferred inflow', 'beginningDeferredInflow'),
      money('Ending deferred inflow', 'endingDeferredInflow'),
    ],
    rows: report.rows,
    totals: { agreementNum: 'Total', companyName: '', ...report.totals },
  };
}

type MaturityRow = TGasb87Maturity['rows'][number];

export function gasb87MaturityTable(report: TGasb87Maturity): ExportTable<MaturityRow> {
  return {
    title: 'GASB 87 lease receivable maturity',
    subtitle: `As of ${formatReportDate(report.asOf)}`,
    columns: [
      { header: 'Fiscal years', cell: 'text', value: (r) => r.label },
      { header: 'From', cell: 'date', value: (r) => r.from || null },
      { header: 'To', cell: 'date', value: (r) => r.to || null },
      { header: 'Principal', cell: 'money', value: (r) => r.principal },
      { header: 'Interest', cell: 'money', value: (r) => r.interest },
      { header: 'Total', cell: 'money', value: (r) => r.total },
    ],
    rows: report.rows,
    totals: { label: 'Total', from: '', to: '', ...report.totals },
  };
}
