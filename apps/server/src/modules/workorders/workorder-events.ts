import { eq } from 'drizzle-orm';
import { workorderTemplateFields, type TEventTrigger } from '@apron/core/communications';
import { inIdList } from '../../db/id-list';
import type { DbOrTx } from '../../db/client';
import { publishEvents } from '../../platform/events/index';
import { masterWorkorders, workorders } from './workorders.table';

/**
 * Work orders changed: publish them in the change's transaction (docs/communications.md), read
 * after the change; one read and one insert whatever their number. A work order has no company,
 * so only Internal rules reach anyone.
 */
export async function publishWorkorderEvents(tx: DbOrTx, ids: readonly string[], trigger: TEventTrigger): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .select({
      id: workorders.id, refNumber: workorders.refNumber, masterName: masterWorkorders.name, contractorName: workorders.contractorName,
      contractorEmail: workorders.contractorEmail, status: workorders.status, failedChecks: workorders.failedChecks,
    })
    .from(workorders)
    .innerJoin(masterWorkorders, eq(masterWorkorders.id, workorders.masterWorkorderId))
    .where(inIdList(workorders.id, ids))
    .orderBy(workorders.createdAt, workorders.id);
  await publishEvents(tx, rows.map((row) => ({ module: 'Workorders', trigger, recordId: row.id, companyId: null, fields: workorderTemplateFields(row) })));
}
