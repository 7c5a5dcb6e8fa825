import type { Readable } from 'node:stream';
import { z } from 'zod';
import { ZGasb87MaturityQuery, ZGasb87RollForwardQuery, type TSessionUser } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { fieldError, forbidden, notFound } from '../../platform/errors/app-error';
import { agreementReport, maturityReport, rollForwardReport } from '../gasb87/index';
import { gasb87MaturityTable, gasb87RollForwardTable, gasb87ScheduleTable } from './gasb87-tables';
import { exportStream, type ExportFormat } from './report-export';
import { isReportsStaff } from './reports.policy';

/** The GASB 87 reports through `GET /api/Reports/Export/:report` (issue 24): Reports staff only. */
export const GASB87_EXPORTS = ['gasb87-schedule', 'gasb87-roll-forward', 'gasb87-maturity'] as const;
type Gasb87Export = (typeof GASB87_EXPORTS)[number];

export const isGasb87Export = (report: string): report is Gasb87Export => (GASB87_EXPORTS as readonly string[]).includes(report);

/** The export's own parameters, each checked when its report needs it. */
export const ZGasb87ExportQuery = z.object({
  agreementId: z.string().uuid('Agreement is required').optional(),
  fiscalYear: z.string().optional(),
  asOf: z.string().optional(),
});

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw fieldError(String(issue.path[0] ?? 'query'), issue.message);
}

/** [file name, stream] of a GASB 87 export. */
export async function gasb87Export(
  db: DbOrTx,
  user: TSessionUser | null,
  report: Gasb87Export,
  query: z.infer<typeof ZGasb87ExportQuery> & { format: ExportFormat },
): Promise<[string, Readable]> {
  if (!isReportsStaff(user)) throw forbidden();
  const { format } = query;
  if (report === 'gasb87-schedule') {
    if (!query.agreementId) throw fieldError('agreementId', 'Agreement is required');
    const data = await agreementReport(db, query.agreementId);
    if (!data) throw notFound('Agreement not found');
    return [`gasb87-schedule-${data.agreementNum}`, exportStream(format, gasb87ScheduleTable(data))];
  }
  if (report === 'gasb87-roll-forward') {
    const { fiscalYear } = parsed(ZGasb87RollForwardQuery, { fiscalYear: query.fiscalYear });
    return [`gasb87-roll-forward-fy${fiscalYear}`, exportStream(format, gasb87RollForwardTable(await rollForwardReport(db, fiscalYear)))];
  }
  const { asOf } = parsed(ZGasb87MaturityQuery, { asOf: query.asOf });
  return [`gasb87-maturity-${asOf}`, exportStream(format, gasb87MaturityTable(await maturityReport(db, asOf)))];
}
