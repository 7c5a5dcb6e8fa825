import { z } from 'zod';
import { ZAgingRow, ZInvoiceReport, ZInvoiceReportRow, ZRentRollRow, type TReportType } from './reports';

/**
 * Consolidated reports (issue 22, docs/airports.md): billing, collection, A/R aging and rent roll
 * across every airport an authority-wide administrator may see. The same endpoints answer them
 * with `?scope=all`; each row names its airport, each airport has a subtotal and the report a
 * grand total (summed in cents by the server).
 */
export const REPORT_SCOPES = ['airport', 'all'] as const;
export type TReportScopeChoice = (typeof REPORT_SCOPES)[number];
export const ZReportScopeQuery = z.object({ scope: z.enum(REPORT_SCOPES, { error: 'Scope must be airport or all' }).default('airport') });

/** Which report types have an "All airports" variant. */
export const isConsolidatable = (type: Pick<TReportType, 'key' | 'group'>) => type.group === 'invoices' || type.key === 'ar-aging' || type.key === 'rent-roll';

const airportColumns = { airportId: z.string(), airportCode: z.string(), airportName: z.string() };
/** One airport's subtotal of a consolidated report. */
const zSubtotal = <T extends z.ZodTypeAny>(totals: T) => z.object({ ...airportColumns, totals });

const ZInvoiceTotals = ZInvoiceReportRow.omit({ companyId: true, company: true });
export const ZConsolidatedInvoiceRow = ZInvoiceReportRow.extend(airportColumns);
export type TConsolidatedInvoiceRow = z.infer<typeof ZConsolidatedInvoiceRow>;
export const ZConsolidatedInvoiceReport = ZInvoiceReport.extend({
  scope: z.literal('all'),
  rows: z.array(ZConsolidatedInvoiceRow),
  airports: z.array(zSubtotal(ZInvoiceTotals)),
});
export type TConsolidatedInvoiceReport = z.infer<typeof ZConsolidatedInvoiceReport>;

const ZAgingTotals = ZAgingRow.omit({ companyId: true, company: true });
export const ZConsolidatedAgingRow = ZAgingRow.extend({ ...airportColumns, asOf: z.string() });
export type TConsolidatedAgingRow = z.infer<typeof ZConsolidatedAgingRow>;
/** Each airport's aging is at its own today (its time zone): `asOf` is per row and per airport. */
export const ZConsolidatedAgingReport = z.object({
  scope: z.literal('all'),
  rows: z.array(ZConsolidatedAgingRow),
  airports: z.array(zSubtotal(ZAgingTotals).extend({ asOf: z.string() })),
  totals: ZAgingTotals,
});
export type TConsolidatedAgingReport = z.infer<typeof ZConsolidatedAgingReport>;

const ZRentTotals = z.object({ rent: z.number() });
export const ZConsolidatedRentRollRow = ZRentRollRow.extend(airportColumns);
export type TConsolidatedRentRollRow = z.infer<typeof ZConsolidatedRentRollRow>;
export const ZConsolidatedRentRoll = z.object({
  scope: z.literal('all'),
  rows: z.array(ZConsolidatedRentRollRow),
  airports: z.array(zSubtotal(ZRentTotals).extend({ asOf: z.string() })),
  totals: ZRentTotals,
});
export type TConsolidatedRentRoll = z.infer<typeof ZConsolidatedRentRoll>;
