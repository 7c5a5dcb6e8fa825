import type { TFormAnswers } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { ensureDemoForm, failedChecks, getFormVersion, validateAnswers } from '../forms/index';
import { getInspectionSummary, inspectionCompleted, listInspectionsForMaster, listMasterInspectionOptions } from '../inspections/index';

/**
 * What work orders read from the inspections and forms modules, in one place: the only file of
 * this module that names them (through their index.ts; they never import workorders).
 */
export interface InspectionSummary {
  id: string;
  name: string;
  status: string;
  /** When the inspection was created (null if the inspections module does not say). */
  createdAt: Date | null;
}

export interface InspectionOption {
  id: string;
  name: string;
  createdAt: Date;
}

export async function inspectionsOfMaster(db: DbOrTx, masterInspectionId: string): Promise<InspectionOption[]> {
  return listInspectionsForMaster(db, masterInspectionId);
}

export async function inspectionSummary(db: DbOrTx, id: string): Promise<InspectionSummary | null> {
  const found = await getInspectionSummary(db, id);
  if (!found) return null;
  return { id: found.id, name: found.name, status: found.status, createdAt: found.createdAt };
}

export interface CompletedInspection {
  inspectionId: string;
  masterInspectionId: string;
  /** Labels of the pass/fail checks that failed (forms' failedChecks over the answers). */
  failedChecks: string[];
}

/** Runs `handler` inside the transaction that completes an inspection (inspections' `inspectionCompleted` slot). */
export function whenInspectionCompleted(ctx: Pick<AppContext, 'plugins'>, handler: (db: DbOrTx, event: CompletedInspection) => Promise<void>): void {
  ctx.plugins.provide(inspectionCompleted, 'workorders', async (event) => handler(event.db, { inspectionId: event.inspectionId, masterInspectionId: event.masterInspectionId, failedChecks: event.failedChecks }));
}

export async function masterInspectionOptions(db: DbOrTx): Promise<Array<{ id: string; name: string }>> {
  return listMasterInspectionOptions(db);
}

export interface FormVersion {
  version: number;
  schema: Record<string, unknown>;
}

/** The form's schema at `version` (the latest when null), or null when the form does not exist. */
export async function formVersion(db: DbOrTx, formId: string, version: number | null): Promise<FormVersion | null> {
  const found = await getFormVersion(db, formId, version ?? undefined);
  return found ? { version: found.version, schema: found.schema as unknown as Record<string, unknown> } : null;
}

/** Whether a form with this id exists (the master's 'Form ID'). */
export async function formExists(db: DbOrTx, formId: string): Promise<boolean> {
  return !!(await getFormVersion(db, formId));
}

/**
 * The answers checked against the form at `version` (400 naming the field); `complete` also
 * requires the required fields. Returns the answers of the form's fields only.
 */
export async function checkedAnswers(db: DbOrTx, formId: string, version: number, data: Record<string, unknown>, complete: boolean): Promise<Record<string, unknown>> {
  return validateAnswers(db, formId, version, data as TFormAnswers, { partial: !complete });
}

// ---- For the demo seed ---------------------------------------------------------------------------

/** The demo form templates of the forms module (created on first use). */
export function demoFormId(db: DbOrTx, template: 'runwayLights' | 'hangarDoor'): Promise<string> {
  return ensureDemoForm(db, template);
}

/** The failed checks of a completed demo inspection (null when it is not Completed). */
export async function demoInspectionFailures(db: DbOrTx, id: string): Promise<string[] | null> {
  const found = await getInspectionSummary(db, id);
  if (!found || found.status !== 'Completed') return null;
  const form = await getFormVersion(db, found.formId, found.formVersion);
  return form ? failedChecks(form.schema, (found.answers ?? {}) as TFormAnswers) : [];
}
