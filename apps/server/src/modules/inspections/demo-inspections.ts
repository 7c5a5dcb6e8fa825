import type { Db } from '../../db/client';
import { hashPassword } from '../../platform/auth/passwords';
import { findAccountByEmail, insertAccount } from '../accounts/index';
import { ensureDemoForm, getFormVersion } from '../forms/index';
import { listActivePropertyOptions } from '../properties/index';
import * as repo from './inspections.repo';

export const DEMO_INSPECTOR_EMAIL = 'inspector@demo.apron.test';
const DEMO_PASSWORD = 'apron-demo-2026';

/**
 * Demo data (issue 12 item 13): the two form templates, three master inspections (a scheduled
 * daily runway light check, a hangar door check, an adhoc one) and inspections in every status,
 * assigned to an external demo inspector (inspector@demo.apron.test, the demo password).
 * Idempotent: nothing is added when the runway master exists.
 */
export async function seedDemoInspections(db: Db): Promise<{ created: number }> {
  if (await repo.findMasterByName(db, 'Daily runway light check')) return { created: 0 };
  const properties = await listActivePropertyOptions(db);
  return db.transaction(async (tx) => {
    if (!(await findAccountByEmail(tx, DEMO_INSPECTOR_EMAIL))) {
      await insertAccount(tx, {
        email: DEMO_INSPECTOR_EMAIL, givenName: 'Indy', familyName: 'Inspector', isInternal: false, isAdmin: false, modules: [], companyId: null,
        passwordHash: await hashPassword(DEMO_PASSWORD),
      });
    }
    const runwayForm = await ensureDemoForm(tx, 'runwayLights');
    const doorForm = await ensureDemoForm(tx, 'hangarDoor');
    const runway = await repo.insertMaster(tx, {
      name: 'Daily runway light check', description: 'Edge lights and PAPI on every runway, before first light.', adhoc: false, module: 'Property',
      scheduled: true, expression: '0 0 * * *', formId: runwayForm, lastScheduledAt: new Date(),
    });
    const door = await repo.insertMaster(tx, {
      name: 'Hangar door check', description: 'Doors open, close and seal on each leased hangar.', adhoc: false, module: 'Property', scheduled: false,
      expression: '0 0 * * *', formId: doorForm,
    });
    await repo.insertMaster(tx, {
      name: 'Ad hoc hangar door check', description: 'After a storm or a reported fault.', adhoc: true, module: null, scheduled: false, expression: '0 0 * * *', formId: doorForm,
    });
    const runwayVersion = (await getFormVersion(tx, runwayForm))!.version;
    const doorVersion = (await getFormVersion(tx, doorForm))!.version;
    const subject = (i: number) => properties[i % Math.max(properties.length, 1)];
    const inspector = { inspectorName: 'Indy Inspector', inspectorEmail: DEMO_INSPECTOR_EMAIL };
    const day = 24 * 60 * 60 * 1000;
    const rows = [
      { master: door.id, form: doorForm, version: doorVersion, status: 'Created', data: null, ago: 0 },
      { master: door.id, form: doorForm, version: doorVersion, status: 'In Progress', data: { hangar: 'H-12', opensFully: true }, ago: 1 },
      { master: door.id, form: doorForm, version: doorVersion, status: 'Completed', data: { hangar: 'H-04', opensFully: true, sealIntact: false, remarks: 'Bottom seal torn on the east leaf.' }, ago: 3 },
      { master: runway.id, form: runwayForm, version: runwayVersion, status: 'Completed', data: { runway: '16L-34R', edgeLightsWorking: true, papi: 'pass', lightsOut: 0 }, ago: 2 },
      { master: runway.id, form: runwayForm, version: runwayVersion, status: 'Created', data: null, ago: 0 },
    ] as const;
    let created = 0;
    for (const [i, row] of rows.entries()) {
      const s = subject(i);
      const createdAt = new Date(Date.now() - row.ago * day - i * 60_000);
      await repo.insertInspection(tx, {
        masterInspectionId: row.master, module: s ? 'Property' : null, subjectId: s?.id ?? null, subjectName: s?.name ?? '', ...inspector,
        status: row.status, formId: row.form, formVersion: row.version, data: row.data ? { ...row.data } : null,
        completedAt: row.status === 'Completed' ? new Date(createdAt.getTime() + 3_600_000) : null, createdAt, updatedAt: createdAt,
      });
      created += 1;
    }
    return { created };
  });
}
