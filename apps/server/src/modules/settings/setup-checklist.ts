import { sql } from 'drizzle-orm';
import { readSetting, SETUP_STEPS, SYSTEM_SETTINGS, type TSetupChecklist, type TSetupStepKey } from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuditActor } from '../../platform/audit/audit';
import { setSystemSetting } from './settings.service';
import { loadSystemSettings } from './system-settings';

/**
 * Which first-run steps the current airport's data shows done (docs/setup-checklist.md). One
 * read-only statement at the request's airport: row-level security keeps every `exists` to this
 * airport's rows. It only asks whether rows exist in other modules' tables (companies, properties),
 * so it names them in SQL rather than importing their repositories.
 */
async function stepsDone(db: DbOrTx): Promise<Record<TSetupStepKey, boolean>> {
  const [row] = rowsOf<Record<'airport' | 'logo' | 'invoice_cycles' | 'payment_types' | 'data' | 'staff', boolean>>(
    await db.execute(sql`
    select
      coalesce((select a.name <> ${SYSTEM_SETTINGS.AIRPORT_NAME.defaultValue} from airports a where a.id = apron_airport()), false) as airport,
      coalesce((select a.logo_key is not null from airports a where a.id = apron_airport()), false) as logo,
      exists (select 1 from invoice_cycles) as invoice_cycles,
      exists (select 1 from payment_types) as payment_types,
      (exists (select 1 from companies) or exists (select 1 from properties)) as data,
      (select count(*) from airport_memberships m where m.airport_id = apron_airport()) > 1 as staff
  `),
  );
  return {
    airport: row?.airport === true,
    logo: row?.logo === true,
    invoiceCycles: row?.invoice_cycles === true,
    paymentTypes: row?.payment_types === true,
    import: row?.data === true,
    staff: row?.staff === true,
  };
}

/**
 * The checklist of the current airport. Shown while a step is to do, unless the airport runs the
 * demo (its data is made up: nothing to set up) or an administrator dismissed it (the system
 * setting SETUP_CHECKLIST, which System Settings can turn back on).
 */
export async function loadSetupChecklist(db: DbOrTx, options: { demo: boolean }): Promise<TSetupChecklist> {
  const done = await stepsDone(db);
  const dismissed = !readSetting(await loadSystemSettings(db, ['SETUP_CHECKLIST']), 'SETUP_CHECKLIST');
  const steps = SETUP_STEPS.map((step) => ({ ...step, done: done[step.key] }));
  return { visible: !options.demo && !dismissed && steps.some((step) => !step.done), dismissed, steps };
}

/** Hides the checklist for every administrator of this airport (audited as the setting's change). */
export async function dismissSetupChecklist(tx: Tx, actor: AuditActor): Promise<void> {
  await setSystemSetting(tx, actor, 'SETUP_CHECKLIST', 'no');
}
