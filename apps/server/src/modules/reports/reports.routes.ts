import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INSURANCE_REPORTS, INVOICE_REPORT_KINDS, ZAgingReport, ZInsuranceReportParams, ZInsuranceReportRow, ZInvoiceGridQuery, ZInvoiceGridRow, ZInvoiceReport,
  ZInvoiceReportQuery, ZRentRollRow, ZReportPeriods, ZDashboard, zDateOnly, formatReportDate,
} from '@apron/core';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors/app-error';
import { sendTotalCount } from '../../platform/http/list-count';
import { findCompany, airportToday, listInvoices, presentInvoiceGridRow } from './reports.deps';
import { reportScopeOf } from './reports.policy';
import * as repo from './reports.repo';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, exportStream, type ExportFormat } from './report-export';
import { loadDashboard } from './dashboard';
import { agingTable, insuranceTable, invoiceTable, rentRollTable } from './report-tables';

const tags = ['reports'];

export const EXPORTABLE_REPORTS = ['invoices', 'insurances-expired', 'insurances-expiring-soon', 'aging', 'rent-roll'] as const;

const ZExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Format must be csv, xlsx or pdf' }),
  begin: zDateOnly('Begin').optional(),
  end: zDateOnly('End').optional(),
  kind: z.enum(INVOICE_REPORT_KINDS).optional(),
});

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

  r.post('/api/Reports/Invoices', { config: { access: 'signedIn' }, schema: { tags, body: ZInvoiceReportQuery, response: { 200: ZInvoiceReport } } }, async (request) => {
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

  r.get('/api/Reports/Aging', { config: { access: 'signedIn' }, schema: { tags, response: { 200: ZAgingReport } } }, async (request) => {
    const scope = reportScopeOf(request.user);
    return repo.agingReport(ctx.db, scope, await airportToday(ctx.db));
  });

  r.get('/api/Reports/RentRoll', { config: { access: 'signedIn' }, schema: { tags, response: { 200: z.array(ZRentRollRow) } } }, async (request) => {
    const scope = reportScopeOf(request.user);
    return repo.rentRoll(ctx.db, scope, await airportToday(ctx.db));
  });

  r.get(
    '/api/Reports/Export/:report',
    { config: { access: 'signedIn' }, schema: { tags, params: z.object({ report: z.enum(EXPORTABLE_REPORTS, { error: 'Unknown report' }) }), querystring: ZExportQuery } },
    async (request, reply) => {
      const scope = reportScopeOf(request.user);
      const today = await airportToday(ctx.db);
      const { format } = request.query;
      const { report } = request.params;
      if (report === 'invoices') {
        const query = ZInvoiceReportQuery.parse({ begin: request.query.begin, end: request.query.end, kind: request.query.kind });
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
