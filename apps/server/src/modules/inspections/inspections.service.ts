import {
  failedChecks, INSPECTION_MESSAGES, type TFormAnswers, type TInspectionCreate, type TInspectionModule, type TInspectionUpdate,
  type TMasterInspectionValues, type TSessionUser,
} from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import type { PluginScope } from '../../platform/plugins/registry';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors/app-error';
import { getFormVersion, validateAnswers } from '../forms/index';
import { runCompletionHandlers } from './completion-hooks';
import { sendAssignmentMail } from './assignment-mail';
import { publishInspectionEvents } from './inspection-events';
import { findSubjectName } from './inspection-subjects';
import { auditInspection } from './inspections.presenter';
import * as repo from './inspections.repo';

type Actor = AuditActor & { user: TSessionUser };

async function requireForm(db: DbOrTx, formId: string) {
  const form = await getFormVersion(db, formId);
  if (!form) throw fieldError('formId', 'Form not found');
  return form;
}

// ---- Masters ----------------------------------------------------------------------------

export async function createMaster(tx: Tx, actor: Actor, values: TMasterInspectionValues) {
  await requireForm(tx, values.formId);
  const row = await repo.insertMaster(tx, { ...values, lastScheduledAt: values.scheduled ? new Date() : null });
  await recordAudit(tx, actor, { action: 'create', entity: 'master_inspection', entityId: row.id, after: { ...values } });
  return (await repo.findMaster(tx, row.id))!;
}

export async function updateMaster(tx: Tx, actor: Actor, id: string, values: TMasterInspectionValues) {
  const current = await repo.findMaster(tx, id, true);
  if (!current) throw notFound(INSPECTION_MESSAGES.masterNotFound);
  await requireForm(tx, values.formId);
  // A schedule switched on or changed starts from now: no inspections for ticks already past.
  const scheduleChanged = values.scheduled && (!current.scheduled || current.expression !== values.expression || current.module !== values.module);
  await repo.updateMasterRow(tx, id, { ...values, ...(scheduleChanged ? { lastScheduledAt: new Date() } : {}) });
  const { name, description, adhoc, module, scheduled, expression, formId } = current;
  await recordAudit(tx, actor, { action: 'update', entity: 'master_inspection', entityId: id, before: { name, description, adhoc, module, scheduled, expression, formId }, after: { ...values } });
  return (await repo.findMaster(tx, id))!;
}

/** Refused with a clear message while any inspection uses the master. */
export async function deleteMaster(tx: Tx, actor: Actor, id: string): Promise<void> {
  const current = await repo.findMaster(tx, id, true);
  if (!current) throw notFound(INSPECTION_MESSAGES.masterNotFound);
  if (current.inspectionCount > 0) throw conflict(INSPECTION_MESSAGES.masterInUse);
  await repo.deleteMasterRow(tx, id);
  await recordAudit(tx, actor, { action: 'delete', entity: 'master_inspection', entityId: id, before: { name: current.name } });
}

// ---- Inspections ------------------------------------------------------------------------

export async function createInspection(tx: Tx, actor: Actor, publicUrl: string, input: { inspectionId: string; module: TInspectionModule; inspectionfor: string; name: string; email: string }) {
  const master = await repo.findMaster(tx, input.inspectionId);
  if (!master) throw fieldError('inspectionId', INSPECTION_MESSAGES.masterNotFound);
  const subjectName = await findSubjectName(tx, input.module, input.inspectionfor);
  if (subjectName === null) throw fieldError('inspectionfor', INSPECTION_MESSAGES.inspectionForRequired);
  const form = await requireForm(tx, master.formId);
  const row = await repo.insertInspection(tx, {
    masterInspectionId: master.id,
    module: input.module,
    subjectId: input.inspectionfor,
    subjectName,
    inspectorName: input.name,
    inspectorEmail: input.email,
    formId: master.formId,
    formVersion: form.version,
  });
  await recordAudit(tx, actor, { action: 'create', entity: 'inspection', entityId: row.id, after: auditInspection(row) });
  await publishInspectionEvents(tx, [row.id], 'Created');
  await sendAssignmentMail(tx, publicUrl, { id: row.id, masterName: master.name, subjectName, inspectorName: input.name, inspectorEmail: input.email });
  return row;
}
export type { TInspectionCreate };

async function lockOpen(tx: Tx, id: string, scope: { email: string | null }) {
  const row = await repo.findInspection(tx, id, scope, true);
  if (!row) throw notFound(INSPECTION_MESSAGES.notFound);
  if (row.status === 'Completed') throw conflict(INSPECTION_MESSAGES.completedIsFinal);
  return row;
}

/** 'Edit Inspection' (staff): the inspector's name and e-mail; a new e-mail is told of it. */
export async function updateInspection(tx: Tx, actor: Actor, publicUrl: string, id: string, input: Required<TInspectionUpdate>) {
  const current = await lockOpen(tx, id, { email: null });
  const updated = await repo.updateInspectionRow(tx, id, { inspectorName: input.name, inspectorEmail: input.email });
  await recordAudit(tx, actor, { action: 'update', entity: 'inspection', entityId: id, before: auditInspection(current), after: auditInspection(updated) });
  await publishInspectionEvents(tx, [id], 'Updated');
  if (current.inspectorEmail !== input.email) {
    await sendAssignmentMail(tx, publicUrl, { id, masterName: current.masterName, subjectName: current.subjectName, inspectorName: input.name, inspectorEmail: input.email });
  }
  return updated;
}

/** Save answers part-way: types are checked, required fields may wait; Created -> In Progress. */
export async function saveAnswers(tx: Tx, actor: Actor, id: string, scope: { email: string | null }, answers: TFormAnswers) {
  const current = await lockOpen(tx, id, scope);
  if (!current.inspectorEmail) throw conflict(INSPECTION_MESSAGES.notAssigned);
  const data = await validateAnswers(tx, current.formId, current.formVersion, answers, { partial: true });
  const updated = await repo.updateInspectionRow(tx, id, { data, status: 'In Progress' });
  await recordAudit(tx, actor, { action: 'update', entity: 'inspection', entityId: id, before: { status: current.status }, after: { status: updated.status, answered: true } });
  await publishInspectionEvents(tx, [id], 'Updated');
  return updated;
}

/**
 * 'Complete Inspection': every answer checked against the form version (required fields too),
 * then Completed, which is final. The completion handlers (work orders for failed checks) run
 * in the same transaction, so a completion and what it opens land together or not at all.
 */
export async function completeInspection(app: PluginScope, tx: Tx, actor: Actor, id: string, scope: { email: string | null }, answers: TFormAnswers) {
  const current = await lockOpen(tx, id, scope);
  if (!current.inspectorEmail) throw conflict(INSPECTION_MESSAGES.notAssigned);
  const data = await validateAnswers(tx, current.formId, current.formVersion, answers);
  const form = await getFormVersion(tx, current.formId, current.formVersion);
  if (!form) throw new AppError('UNPROCESSABLE', 'The form of this inspection is missing');
  const completedAt = new Date();
  const updated = await repo.updateInspectionRow(tx, id, { data, status: 'Completed', completedAt, completedBy: actor.user.id });
  await recordAudit(tx, actor, { action: 'update', entity: 'inspection', entityId: id, before: { status: current.status }, after: { status: 'Completed' } });
  await publishInspectionEvents(tx, [id], 'Updated');
  await runCompletionHandlers(app, { db: tx, inspectionId: id, masterInspectionId: current.masterInspectionId, failedChecks: failedChecks(form.schema, data) });
  return updated;
}
