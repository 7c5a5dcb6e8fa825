import { eq } from 'drizzle-orm';
import { inspectionTemplateFields, type TEventTrigger } from '@apron/core/communications';
import { inIdList } from '../../db/id-list';
import type { DbOrTx } from '../../db/client';
import { publishEvents } from '../../platform/events/index';
import { inspections, masterInspections } from './inspections.table';

/**
 * Inspections changed: publish them in the change's transaction (docs/communications.md), read
 * after the change. One read and one insert for any number (the schedule creates many at once).
 * An inspection has no company, so only Internal rules reach anyone.
 */
export async function publishInspectionEvents(tx: DbOrTx, ids: readonly string[], trigger: TEventTrigger): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .select({
      id: inspections.id, masterName: masterInspections.name, subjectName: inspections.subjectName, module: inspections.module,
      inspectorName: inspections.inspectorName, inspectorEmail: inspections.inspectorEmail, status: inspections.status,
    })
    .from(inspections)
    .innerJoin(masterInspections, eq(masterInspections.id, inspections.masterInspectionId))
    .where(inIdList(inspections.id, ids))
    .orderBy(inspections.createdAt, inspections.id);
  await publishEvents(tx, rows.map((row) => ({ module: 'Inspections', trigger, recordId: row.id, companyId: null, fields: inspectionTemplateFields(row) })));
}
