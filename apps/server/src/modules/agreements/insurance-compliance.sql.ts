import { sql, type SQL } from 'drizzle-orm';
import type { TComplianceStatus } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * Insurance compliance in SQL, the one definition (docs/insurance.md): the per-agreement view, the
 * report and the dashboard tile all read these statements, so they cannot disagree.
 *
 * Requirements of an agreement: its own rows when `insurance_override` is set (possibly none),
 * else the union of its properties' types' rows, per insurance type the strictest limits and any
 * flag required. A requirement is met on `today` by an Approved insurance of the agreement of that
 * type that has started, has not ended and states enough (limits, flags).
 */
export function effectiveRequirementsSql(agreementFilter: SQL): SQL {
  return sql`
    select a.id as agreement_id, r.insurance_type_id, r.min_per_occurrence_cents, r.min_aggregate_cents,
           r.additional_insured_required, r.waiver_of_subrogation_required
    from agreements a join agreement_insurance_requirements r on r.agreement_id = a.id
    where a.insurance_override and ${agreementFilter}
    union all
    select a.id, r.insurance_type_id, max(r.min_per_occurrence_cents), max(r.min_aggregate_cents),
           bool_or(r.additional_insured_required), bool_or(r.waiver_of_subrogation_required)
    from agreements a
    join agreement_properties ap on ap.agreement_id = a.id
    join properties p on p.id = ap.property_id
    join property_type_insurance_requirements r on r.property_type_id = p.property_type_id
    where not a.insurance_override and ${agreementFilter}
    group by a.id, r.insurance_type_id`;
}

/**
 * One row per (agreement, required type): `met_until` (the latest end among the insurances that
 * meet it today, null when none does), the current approved insurance relied on for the wording
 * when none meets it (`cur_*`, the one ending last), and `lapsed_on` (the latest end of an
 * approved one that has ended). `state` is met | deficient | expired (nothing current, one lapsed).
 */
export function requirementChecksSql(today: string, agreementFilter: SQL): SQL {
  return sql`
    with req as (${effectiveRequirementsSql(agreementFilter)}),
    approved as (
      select ap.agreement_id, i.id, i.insurance_type_id, i.start_date, i.end_date, i.per_occurrence_limit_cents,
             i.aggregate_limit_cents, i.additional_insured, i.waiver_of_subrogation
      from insurances i join agreement_properties ap on ap.id = i.agreement_property_id
      where i.approval_status = 'Approved' and ap.agreement_id in (select agreement_id from req)
    )
    select q.agreement_id, q.insurance_type_id, t.name as type_name,
           q.min_per_occurrence_cents::bigint as min_per, q.min_aggregate_cents::bigint as min_agg,
           q.additional_insured_required as ai_required, q.waiver_of_subrogation_required as waiver_required,
           pass.end_date::text as met_until, lapsed.end_date::text as lapsed_on,
           cur.per_occurrence_limit_cents as cur_per, cur.aggregate_limit_cents as cur_agg,
           cur.additional_insured as cur_ai, cur.waiver_of_subrogation as cur_waiver,
           case when pass.end_date is not null then 'met'
                when cur.id is null and lapsed.end_date is not null then 'expired'
                else 'deficient' end as state
    from req q
    join insurance_types t on t.id = q.insurance_type_id
    left join lateral (
      select max(x.end_date) as end_date from approved x
      where x.agreement_id = q.agreement_id and x.insurance_type_id = q.insurance_type_id
        and x.start_date <= ${today}::date and x.end_date >= ${today}::date
        and x.per_occurrence_limit_cents >= q.min_per_occurrence_cents and x.aggregate_limit_cents >= q.min_aggregate_cents
        and (x.additional_insured or not q.additional_insured_required)
        and (x.waiver_of_subrogation or not q.waiver_of_subrogation_required)
    ) pass on true
    left join lateral (
      select x.* from approved x
      where x.agreement_id = q.agreement_id and x.insurance_type_id = q.insurance_type_id
        and x.start_date <= ${today}::date and x.end_date >= ${today}::date
      order by x.end_date desc, x.id limit 1
    ) cur on true
    left join lateral (
      select max(x.end_date) as end_date from approved x
      where x.agreement_id = q.agreement_id and x.insurance_type_id = q.insurance_type_id and x.end_date < ${today}::date
    ) lapsed on true`;
}

export interface RequirementCheck {
  agreement_id: string;
  insurance_type_id: string;
  type_name: string;
  min_per: number | string;
  min_agg: number | string;
  ai_required: boolean;
  waiver_required: boolean;
  met_until: string | null;
  lapsed_on: string | null;
  cur_per: number | string | null;
  cur_agg: number | string | null;
  cur_ai: boolean | null;
  cur_waiver: boolean | null;
  state: 'met' | 'deficient' | 'expired';
}

/**
 * Status per agreement from its checks: Expired > Deficient > Expiring > Compliant (an agreement
 * with no requirement is Compliant). `expires_on`: the earliest date a requirement stops (or
 * stopped) being met; null when there is none.
 */
export function agreementStatusesSql(today: string, expiringDays: number, agreementFilter: SQL): SQL {
  return sql`
    with checks as (${requirementChecksSql(today, agreementFilter)})
    select a.id as agreement_id,
           case when bool_or(c.state = 'expired') then 'Expired'
                when bool_or(c.state = 'deficient') then 'Deficient'
                when min(c.met_until::date) <= ${today}::date + ${expiringDays}::int then 'Expiring'
                else 'Compliant' end as status,
           least(min(c.met_until::date), min(c.lapsed_on::date) filter (where c.state = 'expired'))::text as expires_on
    from agreements a left join checks c on c.agreement_id = a.id
    where ${agreementFilter}
    group by a.id`;
}

export interface AgreementStatusRow {
  agreement_id: string;
  status: TComplianceStatus;
  expires_on: string | null;
}

export async function findRequirementChecks(db: DbOrTx, today: string, agreementIds: readonly string[]): Promise<RequirementCheck[]> {
  if (agreementIds.length === 0) return [];
  const filter = sql`a.id in (${sql.join(agreementIds.map((id) => sql`${id}::uuid`), sql`, `)})`;
  return rowsOf<RequirementCheck>(await db.execute(sql`${requirementChecksSql(today, filter)} order by q.agreement_id, lower(t.name), q.insurance_type_id`));
}

export async function findAgreementStatus(db: DbOrTx, today: string, expiringDays: number, agreementId: string): Promise<AgreementStatusRow> {
  const [row] = rowsOf<AgreementStatusRow>(await db.execute(agreementStatusesSql(today, expiringDays, sql`a.id = ${agreementId}::uuid`)));
  return row ?? { agreement_id: agreementId, status: 'Compliant', expires_on: null };
}

/** Agreements that are not Archived: those the report and the tile count. */
export const LIVE_AGREEMENTS = sql`a.status <> 'Archived'`;
