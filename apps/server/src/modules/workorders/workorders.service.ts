import { eq } from 'drizzle-orm';
import { WORKORDER_MESSAGES, type TMasterWorkorderValues, type TWorkorderAnswers } from '@apron/core/workorders/index';
import type { z } from 'zod';
import type { ZWorkorderCreate, ZWorkorderUpdate } from '@apron/core/workorders/index';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors/app-error';
import { checkedAnswers, formExists, formVersion, inspectionsOfMaster, masterInspectionOptions, type CompletedInspection } from './linked-modules';
import { publishWorkorderEvents } from './workorder-events';
import * as repo from './workorders.repo';
import type { WorkorderScope } from './workorders.policy';
import { masterWorkorders, workorders, type MasterWorkorderRow, type WorkorderRow } from './workorders.table';

// ---- Master work orders -------------------------------------------------------------------------

async function checkMasterInput(db: DbOrTx, masterId: string | null, input: TMasterWorkorderValues): Promise<void> {
  if (!(await formExists(db, input.formId))) throw fieldError('formId', 'Form ID is required');
  if (input.adhoc && input.masterInspectionIds.length > 0) throw fieldError('masterInspectionIds', WORKORDER_MESSAGES.adhocNoInspection);
  if (input.masterInspectionIds.length > 0) {
    const known = new Set((await masterInspectionOptions(db)).map((option) => option.id));
    if (!input.masterInspectionIds.every((id) => known.has(id))) throw fieldError('masterInspectionIds', 'Choose master inspections from the list');
  }
  if (masterId && (await repo.rulesTakenElsewhere(db, masterId, input.masterInspectionIds)).length > 0) {
    throw fieldError('masterInspectionIds', WORKORDER_MESSAGES.ruleTaken);
  }
}

export async function createMaster(tx: DbOrTx, actor: AuditActor, input: TMasterWorkorderValues): Promise<MasterWorkorderRow> {
  const { masterInspectionIds, ...values } = input;
  await checkMasterInput(tx, null, input);
  const [row] = await tx.insert(masterWorkorders).values(values).returning();
  if ((await repo.rulesTakenElsewhere(tx, row!.id, masterInspectionIds)).length > 0) throw fieldError('masterInspectionIds', WORKORDER_MESSAGES.ruleTaken);
  await repo.replaceRules(tx, row!.id, masterInspectionIds);
  await recordAudit(tx, actor, { action: 'create', entity: 'master_workorder', entityId: row!.id, after: { ...row!, masterInspectionIds } });
  return row!;
}

export async function updateMaster(tx: DbOrTx, actor: AuditActor, id: string, input: TMasterWorkorderValues): Promise<MasterWorkorderRow> {
  const [before] = await tx.select().from(masterWorkorders).where(eq(masterWorkorders.id, id)).for('update');
  if (!before) throw notFound(WORKORDER_MESSAGES.masterNotFound);
  await checkMasterInput(tx, id, input);
  const { masterInspectionIds, ...values } = input;
  const [row] = await tx.update(masterWorkorders).set({ ...values, updatedAt: new Date() }).where(eq(masterWorkorders.id, id)).returning();
  await repo.replaceRules(tx, id, masterInspectionIds);
  await recordAudit(tx, actor, { action: 'update', entity: 'master_workorder', entityId: id, before, after: row! });
  return row!;
}

/** A master with work orders is kept (their forms and history hang on it): refused with a clear message. */
export async function deleteMaster(tx: DbOrTx, actor: AuditActor, id: string): Promise<void> {
  const [before] = await tx.select().from(masterWorkorders).where(eq(masterWorkorders.id, id)).for('update');
  if (!before) throw notFound(WORKORDER_MESSAGES.masterNotFound);
  if ((await repo.countWorkordersOfMaster(tx, id)) > 0) throw conflict(WORKORDER_MESSAGES.masterInUse);
  await tx.delete(masterWorkorders).where(eq(masterWorkorders.id, id));
  await recordAudit(tx, actor, { action: 'delete', entity: 'master_workorder', entityId: id, before });
}

// ---- Work orders --------------------------------------------------------------------------------

/** The inspections a work order of this master may be for: those of the master inspections linked to it. */
export async function inspectionOptions(db: DbOrTx, master: MasterWorkorderRow) {
  if (master.adhoc) return [];
  const linked = (await repo.listRules(db, [master.id])).get(master.id) ?? [];
  const lists = await Promise.all(linked.map((masterInspectionId) => inspectionsOfMaster(db, masterInspectionId)));
  return lists.flat().sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

async function refusedIfRefTaken(db: DbOrTx, refNumber: string, exceptId?: string): Promise<void> {
  if (await repo.isRefNumberTaken(db, refNumber, exceptId)) throw fieldError('refnumber', WORKORDER_MESSAGES.refTaken);
}

function isRefNumberClash(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === '23505' && cause.constraint === 'workorders_ref_number_unique';
}

/** The new work order with its master's name: what its detail shows, without reading it back. */
export async function createWorkorder(tx: DbOrTx, actor: AuditActor, input: z.output<typeof ZWorkorderCreate>): Promise<repo.WorkorderWithMaster> {
  const [master] = await tx.select().from(masterWorkorders).where(eq(masterWorkorders.id, input.workorderId)).for('share');
  if (!master) throw fieldError('workorderId', WORKORDER_MESSAGES.masterNotFound);
  if (input.workorderfor) {
    if (master.adhoc) throw fieldError('workorderfor', WORKORDER_MESSAGES.adhocNoInspection);
    const options = await inspectionOptions(tx, master);
    if (!options.some((option) => option.id === input.workorderfor)) throw fieldError('workorderfor', WORKORDER_MESSAGES.inspectionNotListed);
  }
  await refusedIfRefTaken(tx, input.refnumber);
  const form = await formVersion(tx, master.formId, null);
  try {
    const [row] = await tx
      .insert(workorders)
      .values({
        masterWorkorderId: master.id,
        refNumber: input.refnumber,
        contractorName: input.name,
        contractorEmail: input.email,
        inspectionId: input.workorderfor,
        formId: master.formId,
        formVersion: form?.version ?? null,
        createdBy: actor.user?.id ?? null,
      })
      .returning();
    await recordAudit(tx, actor, { action: 'create', entity: 'workorder', entityId: row!.id, after: row! });
    await publishWorkorderEvents(tx, [row!.id], 'Created');
    return { ...row!, masterName: master.name };
  } catch (error) {
    // Two creates with one number at the same moment: the unique index decides, the field says why.
    if (isRefNumberClash(error)) throw fieldError('refnumber', WORKORDER_MESSAGES.refTaken);
    throw error;
  }
}

async function lockOpen(tx: DbOrTx, id: string, scope: WorkorderScope): Promise<WorkorderRow> {
  const row = await repo.findWorkorder(tx, id, scope, true);
  if (!row) throw notFound(WORKORDER_MESSAGES.notFound);
  if (row.status === 'Completed') throw conflict(WORKORDER_MESSAGES.completedFinal);
  return row;
}

export async function updateWorkorder(tx: DbOrTx, actor: AuditActor, id: string, input: z.output<typeof ZWorkorderUpdate>): Promise<WorkorderRow> {
  const before = await lockOpen(tx, id, null);
  const [row] = await tx
    .update(workorders)
    .set({ contractorName: input.name, contractorEmail: input.email, updatedAt: new Date() })
    .where(eq(workorders.id, id))
    .returning();
  await recordAudit(tx, actor, { action: 'update', entity: 'workorder', entityId: id, before, after: row! });
  await publishWorkorderEvents(tx, [id], 'Updated');
  return row!;
}

/** The form's schema for a work order: the version its answers were given on, else the latest. */
export async function formOf(db: DbOrTx, row: Pick<WorkorderRow, 'formId' | 'formVersion'>) {
  return formVersion(db, row.formId, row.formVersion);
}

/** Saves answers (partly is fine): Created -> In Progress. The form version is pinned on first save. */
export async function saveAnswers(tx: DbOrTx, actor: AuditActor, id: string, scope: WorkorderScope, answers: TWorkorderAnswers): Promise<WorkorderRow> {
  const before = await lockOpen(tx, id, scope);
  const form = await formOf(tx, before);
  if (!form) throw notFound('Form not found');
  const data = await checkedAnswers(tx, before.formId, form.version, answers.data, false);
  const [row] = await tx
    .update(workorders)
    .set({ data, status: 'In Progress', formVersion: form.version, updatedAt: new Date() })
    .where(eq(workorders.id, id))
    .returning();
  await recordAudit(tx, actor, { action: 'update', entity: 'workorder', entityId: id, before: { status: before.status, data: before.data }, after: { status: row!.status, data: row!.data } });
  await publishWorkorderEvents(tx, [id], 'Updated');
  return row!;
}

/** A refused answer at completion says that the form comes first, keeping the field errors. */
function explainUnfilledForm(error: unknown): never {
  if (error instanceof AppError && error.code === 'VALIDATION') throw new AppError('VALIDATION', WORKORDER_MESSAGES.formUnfilled(error.message), error.fields, true);
  throw error;
}

/** Completed is final: nothing edits the work order afterwards (UI and API). */
export async function completeWorkorder(tx: DbOrTx, actor: AuditActor, id: string, scope: WorkorderScope): Promise<WorkorderRow> {
  const before = await lockOpen(tx, id, scope);
  if (!before.contractorName || !before.contractorEmail) throw new AppError('CONFLICT', WORKORDER_MESSAGES.unassigned);
  const form = await formOf(tx, before);
  if (form) await checkedAnswers(tx, before.formId, form.version, before.data ?? {}, true).catch(explainUnfilledForm);
  const [row] = await tx
    .update(workorders)
    .set({ status: 'Completed', completedAt: new Date(), completedBy: actor.user?.id ?? null, updatedAt: new Date() })
    .where(eq(workorders.id, id))
    .returning();
  await recordAudit(tx, actor, { action: 'update', entity: 'workorder', entityId: id, before: { status: before.status }, after: { status: row!.status } });
  await publishWorkorderEvents(tx, [id], 'Updated');
  return row!;
}

// ---- Beyond the spec: a failed pass/fail check opens a work order --------------------------------

/**
 * Called by the inspections module (its `inspectionCompleted` slot) inside the transaction that completes
 * the inspection. When the inspection's master names a master work order (workorder_auto_rules)
 * and a pass/fail check failed, one work order is opened on it, linked to the inspection. The
 * partial unique index (one auto work order per inspection) makes a retried completion a no-op.
 */
export async function openWorkorderForFailedChecks(tx: DbOrTx, event: CompletedInspection): Promise<WorkorderRow | null> {
  if (event.failedChecks.length === 0) return null;
  const masterId = await repo.findRuleForMasterInspection(tx, event.masterInspectionId);
  if (!masterId) return null;
  const [master] = await tx.select().from(masterWorkorders).where(eq(masterWorkorders.id, masterId));
  if (!master) return null;
  const masterForm = await formVersion(tx, master.formId, null);
  const [row] = await tx
    .insert(workorders)
    .values({
      masterWorkorderId: master.id,
      // Unique by construction: the inspection's id (48 bits of it) names the work order.
      refNumber: `FC-${event.inspectionId.replaceAll('-', '').slice(0, 12).toUpperCase()}`,
      contractorName: '',
      contractorEmail: '',
      inspectionId: event.inspectionId,
      autoOpened: true,
      failedChecks: event.failedChecks,
      formId: master.formId,
      formVersion: masterForm?.version ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (row) {
    await recordAudit(tx, { user: null }, { action: 'create', entity: 'workorder', entityId: row.id, after: row, reason: `failed checks of inspection ${event.inspectionId}` });
    await publishWorkorderEvents(tx, [row.id], 'Created');
  }
  return row ?? null;
}
