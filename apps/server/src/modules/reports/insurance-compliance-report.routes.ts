import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  formatDate, hasModule, ZComplianceReport, ZComplianceReportQuery, type TComplianceReportRow, type TComplianceStatus, type TSessionUser,
} from '@apron/core';
import type { ExportTable } from './report-export';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors/app-error';
import { sendTotalCount } from '../../platform/http/list-count';
import { complianceReport } from '../agreements/index';

/**
 * `GET Reports/InsuranceCompliance` (issue 24): every live agreement's insurance compliance, a page
 * of them with the counts per status. Across companies, so staff of Reports or Lease only (a tenant
 * sees their own agreements' status on the agreement).
 */
/** Reports or Lease staff only: the report spans companies. */
function assertComplianceReader(user: TSessionUser | null): void {
  if (!hasModule(user, 'Reports') && !hasModule(user, 'Lease')) throw forbidden();
}

/** Every row of the report for an export, a thousand at a time (the read cap of one call). */
export function insuranceComplianceRows(ctx: AppContext, user: TSessionUser | null, status: TComplianceStatus | undefined): AsyncIterable<TComplianceReportRow> {
  assertComplianceReader(user);
  return (async function* rows() {
    for (let page = 1; ; page++) {
      const report = await complianceReport(ctx.db, { status, page, pageSize: EXPORT_PAGE, sort: 'agreementNum:asc' });
      yield* report.rows;
      if (report.rows.length < EXPORT_PAGE) return;
    }
  })();
}
const EXPORT_PAGE = 1000;

export function insuranceComplianceTable(rows: AsyncIterable<TComplianceReportRow>, today: string): ExportTable<TComplianceReportRow> {
  return {
    title: 'Insurance Compliance',
    subtitle: `As of ${formatDate(today)}`,
    columns: [
      { header: 'Agreement', cell: 'text', value: (r) => r.agreementNum },
      { header: 'Company', cell: 'text', value: (r) => r.companyName },
      { header: 'Status', cell: 'text', value: (r) => r.status },
      { header: 'Problems', cell: 'text', value: (r) => r.problems.join('; '), width: 60 },
      { header: 'Expires', cell: 'date', value: (r) => r.expiresOn },
    ],
    rows,
  };
}

export async function insuranceComplianceReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/Reports/InsuranceCompliance',
    { config: { access: 'internal' }, schema: { tags: ['reports'], querystring: ZComplianceReportQuery, response: { 200: ZComplianceReport } } },
    async (request, reply) => {
      assertComplianceReader(request.user);
      const report = await complianceReport(ctx.db, request.query);
      sendTotalCount(reply, report.total);
      return report;
    },
  );
}
