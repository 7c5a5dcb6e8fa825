import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TComplianceCounts, TComplianceReportRow, TComplianceStatus } from '@apron/core/agreements';
import { apiFetchWithTotal } from '../../lib/api-client';

/* `GET Reports/InsuranceCompliance` (issue 24): the rows and counts are core's (ZComplianceReport). */

export { COMPLIANCE_STATUSES, type TComplianceCounts, type TComplianceReportRow, type TComplianceStatus } from '@apron/core/agreements';

export interface TComplianceReportQuery {
  status: TComplianceStatus | '';
  page: number;
  pageSize: number;
  sort: string;
}

export interface TComplianceReportPage {
  rows: TComplianceReportRow[];
  total: number;
  counts: TComplianceCounts | null;
}

/** The body is `{ rows, total, counts }`; a plain array with `X-Total-Count` (the lists' convention) reads too. */
function toPage(body: unknown, headerTotal: number | null): TComplianceReportPage {
  if (Array.isArray(body)) return { rows: body as TComplianceReportRow[], total: headerTotal ?? body.length, counts: null };
  const value = body as Partial<TComplianceReportPage>;
  const rows = value.rows ?? [];
  return { rows, total: value.total ?? headerTotal ?? rows.length, counts: value.counts ?? null };
}

/** One page of agreements by compliance status: paged, sorted and filtered by the server. */
export function useComplianceReport(query: TComplianceReportQuery) {
  return useQuery({
    queryKey: ['reports', 'insurance-compliance', query],
    queryFn: async () => {
      const { body, total } = await apiFetchWithTotal<unknown>('/Reports/InsuranceCompliance', {
        query: { status: query.status || undefined, page: query.page, pageSize: query.pageSize, sort: query.sort },
      });
      return toPage(body, total);
    },
    placeholderData: keepPreviousData,
  });
}
