import { sql } from 'drizzle-orm';
import { formatDate, parseReminderDays, readSetting } from '@apron/core';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { publishEvents } from '../../platform/events/index';
import { ensureNotificationRule, loadSystemSettings } from '../settings/index';
import { complianceCalendar } from './insurance-compliance.service';

export const INSURANCE_REMINDER_JOB = 'insurance-reminders';
/** Hourly at minute 17, per airport, like the status job: "daily" in each airport's time zone, idempotent. */
export const INSURANCE_REMINDER_CRON = '17 * * * *';

interface DueReminder {
  insurance_id: string;
  threshold_days: number;
  days_left: number;
  end_date: string;
  type_name: string;
  agreement_id: string;
  company_id: string;
  agreement_num: string;
  title: string;
  status: string;
  start_date: string;
  agreement_end: string | null;
  company_name: string;
}

/**
 * Reminds the tenant company's users that an approved certificate ends, at each configured number
 * of days before (INSURANCE_REMINDER_DAYS, e.g. 60,30,7,0): an `Expiring` event of the Lease module,
 * which the notification rules turn into alerts and outbox e-mails. A certificate is reminded for
 * the smallest threshold it has reached, once: the reminder log's key (insurance, end date,
 * threshold) makes a second run, or a second instance at the same moment, insert and send nothing.
 * A certificate already followed by a later approved one of the same type is not reminded.
 */
export async function runInsuranceReminderJob(db: Db, now = new Date()): Promise<{ today: string; sent: number }> {
  const { today } = await complianceCalendar(db, now);
  const thresholds = parseReminderDays(readSetting(await loadSystemSettings(db, ['INSURANCE_REMINDER_DAYS']), 'INSURANCE_REMINDER_DAYS'));
  if (thresholds.length === 0) return { today, sent: 0 };
  const list = thresholds.join(',');
  return db.transaction(async (tx) => {
    const due = rowsOf<DueReminder>(
      await tx.execute(sql`
        with candidates as (
          select i.id as insurance_id, i.end_date, (i.end_date - ${today}::date) as days_left, t.name as type_name,
                 a.id as agreement_id, a.company_id, a.agreement_num, a.title, a.status, a.start_date::text as start_date,
                 a.end_date::text as agreement_end, c.name as company_name
          from insurances i
          join agreement_properties ap on ap.id = i.agreement_property_id
          join agreements a on a.id = ap.agreement_id
          join companies c on c.id = a.company_id
          join insurance_types t on t.id = i.insurance_type_id
          where i.approval_status = 'Approved' and a.status <> 'Archived'
            and i.end_date >= ${today}::date and i.end_date <= ${today}::date + ${thresholds[0]!}::int
            and not exists (
              select 1 from insurances n join agreement_properties np on np.id = n.agreement_property_id
              where np.agreement_id = a.id and n.insurance_type_id = i.insurance_type_id
                and n.approval_status = 'Approved' and n.end_date > i.end_date)
        ),
        due as (
          select c.*, (select min(th) from unnest(string_to_array(${list}, ',')::int[]) th where th >= c.days_left) as threshold_days
          from candidates c
        ),
        logged as (
          insert into insurance_reminders (insurance_id, end_date, threshold_days)
          select insurance_id, end_date, threshold_days from due where threshold_days is not null
          on conflict do nothing
          returning insurance_id, threshold_days
        )
        select d.insurance_id, d.threshold_days, d.days_left, d.end_date::text as end_date, d.type_name, d.agreement_id, d.company_id,
               d.agreement_num, d.title, d.status, d.start_date, d.agreement_end, d.company_name
        from due d join logged l on l.insurance_id = d.insurance_id and l.threshold_days = d.threshold_days
        order by d.end_date, d.insurance_id`),
    );
    await publishEvents(
      tx,
      due.map((d) => ({
        module: 'Lease',
        trigger: 'Expiring' as const,
        recordId: d.agreement_id,
        companyId: d.company_id,
        fields: {
          agreementNum: d.agreement_num,
          title: d.title,
          companyName: d.company_name,
          status: d.status,
          startDate: formatDate(d.start_date),
          endDate: d.agreement_end ? formatDate(d.agreement_end) : '',
          insuranceType: d.type_name,
          insuranceEndDate: formatDate(d.end_date),
          daysLeft: Number(d.days_left),
        },
      })),
    );
    return { today, sent: due.length };
  });
}

/**
 * The rule that turns the reminders into e-mails to the tenant (docs/insurance.md, "Reminders"):
 * migration 0047 gave it to the airports of the time; a new airport gets it from its provisioner.
 * Keep the wording the migration's.
 */
export const INSURANCE_REMINDER_RULE = {
  name: 'Insurance certificate expiring',
  module: 'Lease',
  trigger: 'Expiring',
  notify: 'External',
  template: '<p>The {{insuranceType}} certificate of agreement {{agreementNum}} ends on {{insuranceEndDate}} ({{daysLeft}} days). Please upload a renewed certificate.</p>',
} as const;

/** A new airport's default reminder rule (its provisioner, platform/tenancy). */
export async function provisionInsuranceReminderRule(tx: Tx): Promise<void> {
  await ensureNotificationRule(tx, INSURANCE_REMINDER_RULE);
}
