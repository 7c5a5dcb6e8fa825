import { sql } from 'drizzle-orm';
import {
  calendarDate, COMPLIANCE_MESSAGES, formatDate, formatMoney, readSetting, type TCompliance, type TComplianceCounts, type TComplianceReport,
  type TComplianceReportQuery, type TComplianceStatus,
} from '@apron/core';
import type { z } from 'zod';
import type { ZComplianceReportQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { loadSystemSettings } from '../settings/index';
import { listInsurancesOfAgreement } from './agreement-properties.repo';
import { presentInsurance } from './agreements.presenter';
import {
  agreementStatusesSql, findAgreementStatus, findRequirementChecks, LIVE_AGREEMENTS, type RequirementCheck,
} from './insurance-compliance.sql';
import { effectiveRequirements } from './insurance-requirements.service';

export type { TComplianceReportQuery };

/** Today in the airport time zone and the Expiring window (INSURANCE_EXPIRING_DAYS). */
export async function complianceCalendar(db: DbOrTx, now = new Date()): Promise<{ today: string; expiringDays: number }> {
  const values = await loadSystemSettings(db, ['TIME_ZONE', 'INSURANCE_EXPIRING_DAYS']);
  return { today: calendarDate(now, readSetting(values, 'TIME_ZONE')), expiringDays: readSetting(values, 'INSURANCE_EXPIRING_DAYS') };
}

const money = (cents: number | string | null) => formatMoney(Number(cents ?? 0));

/** The wording of what fails, one line per failing part of a requirement (docs/insurance.md). */
export function problemsOf(check: RequirementCheck): string[] {
  const type = check.type_name;
  if (check.state === 'met') return [];
  if (check.state === 'expired') return [COMPLIANCE_MESSAGES.expired(type, formatDate(check.lapsed_on!))];
  if (check.cur_per === null) return [COMPLIANCE_MESSAGES.missing(type)];
  const problems: string[] = [];
  if (Number(check.cur_per) < Number(check.min_per)) problems.push(COMPLIANCE_MESSAGES.perOccurrence(type, money(check.cur_per), money(check.min_per)));
  if (Number(check.cur_agg) < Number(check.min_agg)) problems.push(COMPLIANCE_MESSAGES.aggregate(type, money(check.cur_agg), money(check.min_agg)));
  if (check.ai_required && !check.cur_ai) problems.push(COMPLIANCE_MESSAGES.additionalInsured(type));
  if (check.waiver_required && !check.cur_waiver) problems.push(COMPLIANCE_MESSAGES.waiver(type));
  return problems;
}

/** The compliance of one agreement (the caller has already been allowed to read it). */
export async function getCompliance(db: DbOrTx, agreementId: string, now = new Date()): Promise<TCompliance> {
  const { today, expiringDays } = await complianceCalendar(db, now);
  const [status, checks, required, insurances] = await Promise.all([
    findAgreementStatus(db, today, expiringDays, agreementId),
    findRequirementChecks(db, today, [agreementId]),
    effectiveRequirements(db, agreementId),
    listInsurancesOfAgreement(db, agreementId),
  ]);
  return {
    agreementId,
    status: status.status,
    problems: checks.flatMap(problemsOf),
    expiresOn: status.expires_on,
    requirements: required.requirements,
    insurances: insurances.map(presentInsurance),
  };
}

const SORT_COLUMNS: Record<string, string> = { agreementNum: 'lower(a.agreement_num)', companyName: 'lower(c.name)', status: 's.status', expiresOn: 's.expires_on' };

/** The report: live agreements with their status, a page of them, and the counts per status. */
export async function complianceReport(db: DbOrTx, query: z.output<typeof ZComplianceReportQuery>, now = new Date()): Promise<TComplianceReport> {
  const { today, expiringDays } = await complianceCalendar(db, now);
  const [column, direction] = query.sort.split(':') as [string, 'asc' | 'desc'];
  const order = sql.raw(`${SORT_COLUMNS[column] ?? 'lower(a.agreement_num)'} ${direction === 'desc' ? 'desc' : 'asc'} nulls last, a.id`);
  const statusFilter = query.status ? sql`s.status = ${query.status}` : sql`true`;
  const page = rowsOf<{ agreement_id: string; agreement_num: string; company_name: string; status: TComplianceStatus; expires_on: string | null }>(
    await db.execute(sql`
      with s as (${agreementStatusesSql(today, expiringDays, LIVE_AGREEMENTS)})
      select s.agreement_id, a.agreement_num, c.name as company_name, s.status, s.expires_on
      from s join agreements a on a.id = s.agreement_id join companies c on c.id = a.company_id
      where ${statusFilter}
      order by ${order}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  const checks = await findRequirementChecks(db, today, page.map((r) => r.agreement_id));
  const counts = await complianceCounts(db, now, { today, expiringDays });
  const problems = new Map<string, string[]>();
  for (const check of checks) problems.set(check.agreement_id, [...(problems.get(check.agreement_id) ?? []), ...problemsOf(check)]);
  return {
    rows: page.map((r) => ({
      agreementId: r.agreement_id,
      agreementNum: r.agreement_num,
      companyName: r.company_name,
      status: r.status,
      problems: problems.get(r.agreement_id) ?? [],
      expiresOn: r.expires_on,
    })),
    total: query.status ? counts[countKey(query.status)] : counts.compliant + counts.deficient + counts.expiring + counts.expired,
    counts,
  };
}

const countKey = (status: TComplianceStatus) => status.toLowerCase() as keyof TComplianceCounts;

/** Live agreements per status: the dashboard tile and the report's counts. */
export async function complianceCounts(db: DbOrTx, now = new Date(), calendar?: { today: string; expiringDays: number }): Promise<TComplianceCounts> {
  const { today, expiringDays } = calendar ?? (await complianceCalendar(db, now));
  const rows = rowsOf<{ status: TComplianceStatus; n: number }>(
    await db.execute(sql`select s.status, count(*)::int as n from (${agreementStatusesSql(today, expiringDays, LIVE_AGREEMENTS)}) s group by s.status`),
  );
  const counts: TComplianceCounts = { compliant: 0, deficient: 0, expiring: 0, expired: 0 };
  for (const r of rows) counts[countKey(r.status)] = Number(r.n);
  return counts;
}
