import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { hashPassword } from '../../platform/auth/passwords';
import { findAccountByEmail, insertAccount } from '../accounts/index';
import { demoFormId, demoInspectionFailures, formVersion, inspectionsOfMaster, masterInspectionOptions } from './linked-modules';
import { findMasterByName, replaceRules } from './workorders.repo';
import { openWorkorderForFailedChecks } from './workorders.service';
import { masterWorkorders, workorders } from './workorders.table';

export const DEMO_CONTRACTOR_EMAIL = 'contractor@demo.apron.test';
const DEMO_PASSWORD = 'apron-demo-2026';
const DAY = 24 * 60 * 60 * 1000;

async function insertMaster(tx: DbOrTx, values: typeof masterWorkorders.$inferInsert): Promise<string> {
  const [row] = await tx.insert(masterWorkorders).values(values).returning({ id: masterWorkorders.id });
  return row!.id;
}

/**
 * Demo data (issue 12 item 13), after the inspections demo: three master work orders (runway
 * light repair and hangar door repair, opened by failed checks of the demo master inspections,
 * and an adhoc general maintenance), work orders in every status for an external demo
 * contractor (contractor@demo.apron.test, the demo password), and the work order the demo's
 * failed hangar door check opens. Idempotent: nothing is added when the first master exists.
 */
export async function seedDemoWorkorders(db: Db): Promise<{ created: number }> {
  if (await findMasterByName(db, 'Runway light repair')) return { created: 0 };
  return db.transaction(async (tx) => {
    if (!(await findAccountByEmail(tx, DEMO_CONTRACTOR_EMAIL))) {
      await insertAccount(tx, {
        email: DEMO_CONTRACTOR_EMAIL, givenName: 'Casey', familyName: 'Contractor', isInternal: false, isAdmin: false, modules: [], companyId: null,
        passwordHash: await hashPassword(DEMO_PASSWORD),
      });
    }
    const runwayForm = await demoFormId(tx, 'runwayLights');
    const doorForm = await demoFormId(tx, 'hangarDoor');
    const masterInspections = new Map((await masterInspectionOptions(tx)).map((option) => [option.name, option.id]));
    const runway = await insertMaster(tx, { name: 'Runway light repair', description: 'Replace failed edge lights and re-aim the PAPI.', adhoc: false, formId: runwayForm });
    const door = await insertMaster(tx, { name: 'Hangar door repair', description: 'Doors that stick, and torn seals.', adhoc: false, formId: doorForm });
    const general = await insertMaster(tx, { name: 'General maintenance', description: 'Anything else on the airfield.', adhoc: true, formId: doorForm });
    const runwayRule = masterInspections.get('Daily runway light check');
    const doorRule = masterInspections.get('Hangar door check');
    if (runwayRule) await replaceRules(tx, runway, [runwayRule]);
    if (doorRule) await replaceRules(tx, door, [doorRule]);

    const doorVersion = (await formVersion(tx, doorForm, null))?.version ?? null;
    const runwayVersion = (await formVersion(tx, runwayForm, null))?.version ?? null;
    const doorInspections = doorRule ? await inspectionsOfMaster(tx, doorRule) : [];
    const contractor = { contractorName: 'Casey Contractor', contractorEmail: DEMO_CONTRACTOR_EMAIL };
    const rows = [
      { master: general, form: doorForm, version: doorVersion, ref: 'WO-1001', status: 'Created', data: null, ago: 0, inspectionId: null, ...contractor },
      { master: general, form: doorForm, version: doorVersion, ref: 'WO-1002', status: 'In Progress', data: { hangar: 'H-02', opensFully: true }, ago: 1, inspectionId: null, ...contractor },
      { master: general, form: doorForm, version: doorVersion, ref: 'WO-1003', status: 'Completed', data: { hangar: 'H-09', opensFully: true, sealIntact: true, remarks: 'Rails greased.' }, ago: 5, inspectionId: null, ...contractor },
      { master: runway, form: runwayForm, version: runwayVersion, ref: 'WO-1004', status: 'Created', data: null, ago: 0, inspectionId: null, contractorName: 'Sierra Electric', contractorEmail: 'dispatch@sierra-electric.example' },
      { master: door, form: doorForm, version: doorVersion, ref: 'WO-1005', status: 'Created', data: null, ago: 2, inspectionId: doorInspections[0]?.id ?? null, ...contractor },
    ];
    let created = 0;
    for (const row of rows) {
      const createdAt = new Date(Date.now() - row.ago * DAY - created * 60_000);
      await tx.insert(workorders).values({
        masterWorkorderId: row.master, refNumber: row.ref, contractorName: row.contractorName, contractorEmail: row.contractorEmail, status: row.status,
        inspectionId: row.inspectionId, formId: row.form, formVersion: row.version, data: row.data, createdAt, updatedAt: createdAt,
        completedAt: row.status === 'Completed' ? new Date(createdAt.getTime() + 4 * 3_600_000) : null,
      });
      created += 1;
    }
    // The demo's completed hangar door check with a torn seal: its work order, as completion would have opened it.
    for (const inspection of doorInspections) {
      const failed = await demoInspectionFailures(tx, inspection.id);
      if (!failed?.length || !doorRule) continue;
      const opened = await openWorkorderForFailedChecks(tx, { inspectionId: inspection.id, masterInspectionId: doorRule, failedChecks: failed });
      if (opened) {
        await tx.update(workorders).set(contractor).where(eq(workorders.id, opened.id));
        created += 1;
      }
    }
    return { created };
  });
}
