import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INSURANCE_REPORTS, INVOICE_REPORT_KINDS, ZAgingReport, ZInsuranceReportParams, ZInsuranceReportRow, ZInvoiceGridQuery, ZInvoiceGridRow, ZInvoiceReport,
  ZInvoiceReportQuery, ZRentRollRow, ZReportPeriods, ZDashboard, zDateOnly, formatReportDate, ZReportScopeQuery, REPORT_SCOPES,
  ZConsolidatedAgingReport, ZConsolidatedInvoiceReport, ZConsolidatedRentRoll, type TSessionUser,
} from '@apron/core';
import type { AppContext } from '../../platform/context';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { sendTotalCount } from '../../platform/http/list-count';
import { findCompany, airportToday, listInvoices, presentInvoiceGridRow } from './reports.deps';
import { reportScopeOf } from './reports.policy';
import * as repo from './reports.repo';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, exportStream, type ExportFormat } from './report-export';
import { loadDashboard } from './dashboard';
import { agingTable, insuranceTable, invoiceTable, rentRollTable } from './report-tables';
import { assertAuthorityWide, consolidatedAgingReport, consolidatedInvoiceReport, consolidatedRentRoll } from './consolidated';
import { consolidatedAgingTable, consolidatedInvoiceTable, consolidatedRentRollTable } from './consolidated-tables';
import { GASB87_EXPORTS, ZGasb87ExportQuery, gasb87Export, isGasb87Export } from './gasb87-export';

const tags = ['reports'];

export const EXPORTABLE_REPORTS = ['invoices', 'insurances-expired', 'insurances-expiring-soon', 'aging', 'rent-roll', ...GASB87_EXPORTS] as const;

const ZExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Format must be csv, xlsx or pdf' }),
  begin: zDateOnly('Begin').optional(),
  end: zDateOnly('End').optional(),
  kind: z.enum(INVOICE_REPORT_KINDS).optional(),
  scope: z.enum(REPORT_SCOPES, { error: 'Scope must be airport or all' }).default('airport'),
  ...ZGasb87ExportQuery.shape,
});
type ExportQuery = z.infer<typeof ZExportQuery>;

function sendExport(reply: FastifyReply, format: ExportFormat, name: string, stream: NodeJS.ReadableStream) {
  reply.header('Content-Type', EXPORT_CONTENT_TYPES[format]);
  reply.header('Content-Disposition', `attachment; filename="${name}.${format}"`);
  reply.header('Cache-Control', 'no-store');
  return reply.send(stream);
}

/** Reports: periods, billing/collection, insurances, aging, rent roll, drill-down, exports. */
export async function reportsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Signed-in people only; what each one gets is decided by their modules (dashboard.ts).
  r.get('/api/Dashboard', { config: { access: 'signedIn' }, schema: { tags, response: { 200: ZDashboard } } }, async (request) => loadDashboard(ctx, ctx.db, request.user!));

  r.get('/api/Reports/Periods', { config: { access: 'signedIn' }, schema: { tags, response: { 200: ZReportPeriods } } }, async (request) => {
    reportScopeOf(request.user);
    return repo.reportPeriods(ctx.db);
  });

  // `?scope=all`: the consolidated report across airports (authority-wide administrators only).
  // The consolidated schema comes first in each union: it is the one that names `scope: 'all'`.
  const invoiceSchema = { tags, body: ZInvoiceReportQuery, querystring: ZReportScopeQuery, response: { 200: z.union([ZConsolidatedInvoiceReport, ZInvoiceReport]) } };
  r.post('/api/Reports/Invoices', { config: { access: 'signedIn' }, schema: invoiceSchema }, async (request) => {
    if (request.query.scope === 'all') {
      assertAuthorityWide(request.user);
      return consolidatedInvoiceReport(ctx.db, request.body);
    }
    const scope = reportScopeOf(request.user);
    return repo.invoiceReport(ctx.db, request.body, scope, await airportToday(ctx.db));
  });

  // Drill-down: a company's invoices dated in the period (the same grid rows as /api/Invoices).
  r.get(
    '/api/Reports/Invoices/:companyId',
    {
      config: { access: 'signedIn' },
      schema: { tags, params: z.object({ companyId: z.string().uuid('Invalid Id') }), querystring: ZInvoiceGridQuery.extend({ begin: zDateOnly('Begin'), end: zDateOnly('End') }), response: { 200: z.array(ZInvoiceGridRow) } },
    },
    async (request, reply) => {
      const scope = reportScopeOf(request.user);
      const company = await findCompany(ctx.db, request.params.companyId, scope);
      if (!company) throw notFound('Company not found');
      const { begin, end, ...grid } = request.query;
      const { rows, total } = await listInvoices(ctx.db, { ...grid, tenantId: company.id, invoiceFrom: begin, invoiceTo: end }, company.id);
      sendTotalCount(reply, total);
      return rows.map(presentInvoiceGridRow);
    },
  );

  r.get('/api/Reports/Insurances/:which', { config: { access: 'signedIn' }, schema: { tags, params: ZInsuranceReportParams, response: { 200: z.array(ZInsuranceReportRow) } } }, async (request) => {
    const scope = reportScopeOf(request.user);
    return repo.insuranceReport(ctx.db, request.params.which, scope, await airportToday(ctx.db));
  });

  r.get('/api/Reports/Aging', { config: { access: 'signedIn' }, schema: { tags, querystring: ZReportScopeQuery, response: { 200: z.union([ZConsolidatedAgingReport, ZAgingReport]) } } }, async (request) => {
    if (request.query.scope === 'all') {
      assertAuthorityWide(request.user);
      return consolidatedAgingReport(ctx.db);
    }
    const scope = reportScopeOf(request.user);
    return repo.agingReport(ctx.db, scope, await airportToday(ctx.db));
  });

  r.get('/api/Reports/RentRoll', { config: { access: 'signedIn' }, schema: { tags, querystring: ZReportScopeQuery, response: { 200: z.union([ZConsolidatedRentRoll, z.array(ZRentRollRow)]) } } }, async (request) => {
    if (request.query.scope === 'all') {
      assertAuthorityWide(request.user);
      return consolidatedRentRoll(ctx.db);
    }
    const scope = reportScopeOf(request.user);
    return repo.rentRoll(ctx.db, scope, await airportToday(ctx.db));
  });

  await exportRoutes(app, ctx);
}

/** CSV, Excel and PDF of each report; `scope=all` exports the consolidated variant. */
async function exportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/Reports/Export/:report',
    { config: { access: 'signedIn' }, schema: { tags, params: z.object({ report: z.enum(EXPORTABLE_REPORTS, { error: 'Unknown report' }) }), querystring: ZExportQuery } },
    async (request, reply) => {
      const { format } = request.query;
      const { report } = request.params;
      if (request.query.scope === 'all') return sendConsolidatedExport(ctx, reply, report, request.query, request.user);
      if (isGasb87Export(report)) return sendExport(reply, format, ...(await gasb87Export(ctx.db, request.user, report, request.query)));
      const scope = reportScopeOf(request.user);
      const today = await airportToday(ctx.db);
      if (report === 'invoices') {
        const query = invoiceQueryOf(request.query);
        const data = await repo.invoiceReport(ctx.db, query, scope, today);
        return sendExport(reply, format, `${query.kind.toLowerCase()}-${query.begin}-${query.end}`, exportStream(format, invoiceTable(data, `${formatReportDate(query.begin)} to ${formatReportDate(query.end)}`)));
      }
      if (report === 'aging') return sendExport(reply, format, `ar-aging-${today}`, exportStream(format, agingTable(await repo.agingReport(ctx.db, scope, today))));
      if (report === 'rent-roll') return sendExport(reply, format, `rent-roll-${today}`, exportStream(format, rentRollTable(await repo.rentRoll(ctx.db, scope, today), today)));
      const which = report === 'insurances-expired' ? INSURANCE_REPORTS[0] : INSURANCE_REPORTS[1];
      return sendExport(reply, format, `${report}-${today}`, exportStream(format, insuranceTable(which, await repo.insuranceReport(ctx.db, which, scope, today), today)));
    },
  );
}

const invoiceQueryOf = (query: ExportQuery) => ZInvoiceReportQuery.parse({ begin: query.begin, end: query.end, kind: query.kind });

async function sendConsolidatedExport(ctx: AppContext, reply: FastifyReply, report: (typeof EXPORTABLE_REPORTS)[number], query: ExportQuery, user: TSessionUser | null) {
  assertAuthorityWide(user);
  const today = await airportToday(ctx.db);
  const { format } = query;
  if (report === 'invoices') {
    const range = invoiceQueryOf(query);
    const table = consolidatedInvoiceTable(await consolidatedInvoiceReport(ctx.db, range), `${formatReportDate(range.begin)} to ${formatReportDate(range.end)}`);
    return sendExport(reply, format, `${range.kind.toLowerCase()}-all-airports-${range.begin}-${range.end}`, exportStream(format, table));
  }
  if (report === 'aging') return sendExport(reply, format, `ar-aging-all-airports-${today}`, exportStream(format, consolidatedAgingTable(await consolidatedAgingReport(ctx.db), today)));
  if (report === 'rent-roll') return sendExport(reply, format, `rent-roll-all-airports-${today}`, exportStream(format, consolidatedRentRollTable(await consolidatedRentRoll(ctx.db), today)));
  throw fieldError('scope', 'This report has no All airports variant');
}
