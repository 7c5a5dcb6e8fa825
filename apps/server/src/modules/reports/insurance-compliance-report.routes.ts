import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasModule, ZComplianceReport, ZComplianceReportQuery } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors/app-error';
import { sendTotalCount } from '../../platform/http/list-count';
import { complianceReport } from '../agreements/index';

/**
 * `GET Reports/InsuranceCompliance` (issue 24): every live agreement's insurance compliance, a page
 * of them with the counts per status. Across companies, so staff of Reports or Lease only (a tenant
 * sees their own agreements' status on the agreement).
 */
export async function insuranceComplianceReportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/Reports/InsuranceCompliance',
    { config: { access: 'internal' }, schema: { tags: ['reports'], querystring: ZComplianceReportQuery, response: { 200: ZComplianceReport } } },
    async (request, reply) => {
      if (!hasModule(request.user, 'Reports') && !hasModule(request.user, 'Lease')) throw forbidden();
      const report = await complianceReport(ctx.db, request.query);
      sendTotalCount(reply, report.total);
      return report;
    },
  );
}
