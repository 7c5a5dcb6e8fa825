import { sql } from 'drizzle-orm';
import { formatDate } from '@apron/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { insertAlert } from '../alerts/index';
import { leaseCalendar } from './lease-calendar';

export const AGREEMENT_STATUS_JOB = 'agreements-daily-status';
/**
 * Hourly at minute 7 (UTC), once for each airport in its scope (platform/jobs/airport-jobs.ts). The
 * rules are "daily" in each airport's time zone, which differ and which System Settings may change
 * at any time; running every hour makes a change land within the hour after each airport's
 * midnight, and the job is idempotent, so extra runs change nothing (docs/airports.md, "Jobs").
 */
export const AGREEMENT_STATUS_CRON = '7 * * * *';

const SYSTEM: AuditActor = { user: null, requestId: AGREEMENT_STATUS_JOB };

export interface StatusRun {
  today: string;
  changed: Array<{ id: string; from: string; to: string }>;
  insurancesAlerted: number;
}

/**
 * Agreements: Expired after the end date, Expiring Soon within EXPIRY_WINDOW_DAYS of it, Active
 * otherwise; Archived is never touched (only set by hand). The same rule as core
 * `deriveAgreementStatus`, in one statement so 50k agreements cost one round trip.
 * Insurances ending within the window raise one alert to Lease admins, once per insurance
 * (`expiry_alerted_at`); a second run finds nothing new. Safe on N instances: rows are locked.
 */
export async function runAgreementStatusJob(db: Db, now = new Date()): Promise<StatusRun> {
  const { today, windowDays } = await leaseCalendar(db, now);
  return db.transaction(async (tx) => {
    const changed = rowsOf<{ id: string; from: string; to: string }>(
      await tx.execute(sql`
        with wanted as (
          select id, status as "from",
                 case when end_date is null then 'Active'
                      when end_date < ${today}::date then 'Expired'
                      when end_date <= ${today}::date + ${windowDays}::int then 'Expiring Soon'
                      else 'Active' end as "to"
          from agreements where status <> 'Archived'
          for update
        )
        update agreements a set status = w."to", updated_at = now()
        from wanted w
        where a.id = w.id and w."from" <> w."to"
        returning a.id, w."from", w."to"`),
    );
    for (const change of changed) {
      await recordAudit(tx, SYSTEM, { action: 'update', entity: 'agreement', entityId: change.id, before: { status: change.from }, after: { status: change.to } });
    }

    const expiring = rowsOf<{ id: string; end_date: string; type_name: string; agreement_num: string; property_name: string; company_name: string }>(
      await tx.execute(sql`
        select i.id, i.end_date::text as end_date, t.name as type_name, a.agreement_num, p.name as property_name, c.name as company_name
        from insurances i
        join insurance_types t on t.id = i.insurance_type_id
        join agreement_properties ap on ap.id = i.agreement_property_id
        join agreements a on a.id = ap.agreement_id
        join properties p on p.id = ap.property_id
        join companies c on c.id = a.company_id
        where i.expiry_alerted_at is null and not ap.archived
          and i.end_date >= ${today}::date and i.end_date <= ${today}::date + ${windowDays}::int
        order by i.end_date, i.id
        for update of i skip locked`),
    );
    if (expiring.length > 0) {
      const admins = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select a.id from accounts a join airport_memberships m on m.account_id = a.id and m.airport_id = apron_airport()
          where a.is_internal and m.is_admin and a.enabled and 'Lease' = any(m.modules) order by a.email`),
      );
      const lines = expiring.map((i) => `- ${i.company_name}, agreement ${i.agreement_num}, ${i.property_name}: ${i.type_name} ends ${formatDate(i.end_date)}`);
      await insertAlert(
        tx,
        {
          kind: 'insurance-expiring',
          subject: expiring.length === 1 ? 'An insurance is expiring soon' : `${expiring.length} insurances are expiring soon`,
          body: ['These insurances end within the next ' + windowDays + ' days:', ...lines].join('\n'),
          createdBy: null,
        },
        admins.map((a) => a.id),
      );
      await tx.execute(sql`update insurances set expiry_alerted_at = now() where id in (${sql.join(expiring.map((i) => sql`${i.id}::uuid`), sql`, `)})`);
    }
    return { today, changed, insurancesAlerted: expiring.length };
  });
}
