import { sql } from 'drizzle-orm';
import { readSetting, type TInspectionModule } from '@apron/core';
import type { Db } from '../../db/client';
import { latestCronTick } from '../../platform/jobs/cron';
import { getFormVersion } from '../forms/index';
import { loadSystemSettings } from '../settings/index';
import { subjectsSql } from './inspection-subjects';
import { inspections, masterInspections } from './inspections.table';
import * as repo from './inspections.repo';
import { publishInspectionEvents } from './inspection-events';

export const INSPECTION_SCHEDULE_JOB = 'inspections.schedule';
/** The scheduler looks back at most this far for a missed tick (a server down over midnight). */
const CATCH_UP_MS = 24 * 60 * 60 * 1000;

/**
 * One run of the schedule (pg-boss fires it every minute, once across all instances). For each
 * scheduled master, the latest tick of its expression (airport time zone) since it last ran
 * creates one inspection for every property or agreement of its module, in one set-based insert.
 * Safe to run twice or on N instances at once: the unique (master, subject, tick) index lets the
 * second insert add nothing.
 */
export async function runInspectionSchedule(db: Db, now = new Date()): Promise<{ created: number }> {
  const timeZone = readSetting(await loadSystemSettings(db, ['TIME_ZONE']), 'TIME_ZONE');
  let created = 0;
  for (const master of await repo.listScheduledMasters(db)) {
    if (!master.module) continue;
    const since = new Date(Math.max((master.lastScheduledAt ?? master.createdAt).getTime(), now.getTime() - CATCH_UP_MS));
    const tick = latestCronTick(master.expression, since, now, timeZone);
    if (!tick) continue;
    const form = await getFormVersion(db, master.formId);
    if (!form) continue;
    created += await db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        insert into ${inspections} (master_inspection_id, module, subject_id, subject_name, form_id, form_version, schedule_tick)
        select ${master.id}::uuid, ${master.module as TInspectionModule}, s.id, s.name, ${master.formId}::uuid, ${form.version}::int, ${tick.toISOString()}::timestamptz
        from (${subjectsSql(master.module as TInspectionModule)}) s
        on conflict (master_inspection_id, subject_id, schedule_tick) where schedule_tick is not null do nothing
        returning id`);
      await tx
        .update(masterInspections)
        .set({ lastScheduledAt: sql`greatest(coalesce(${masterInspections.lastScheduledAt}, ${tick.toISOString()}::timestamptz), ${tick.toISOString()}::timestamptz)` })
        .where(sql`${masterInspections.id} = ${master.id}`);
      const made = (result as unknown as { rows: Array<{ id: string }> }).rows;
      // Inspections/Created for each new one, one insert; a tick run twice made none and publishes none.
      await publishInspectionEvents(tx, made.map((row) => row.id), 'Created');
      return made.length;
    });
  }
  return { created };
}
