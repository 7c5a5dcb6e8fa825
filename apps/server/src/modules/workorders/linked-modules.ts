import type { TFormAnswers, TFormSchema } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { failedChecks, getFormVersion, validateAnswers } from '../forms/index';

/**
 * What work orders read from the inspections and forms modules, in one place: the only file of
 * this module that names them (through their index.ts; they never import workorders).
 * TEMPORARY (inspections part): until inspections lands, these answer "nothing linked" so the
 * module works adhoc; they are wired to its real exports as soon as those exist.
 */
export interface InspectionSummary {
  id: string;
  masterInspectionId: string;
  name: string;
  status: string;
  createdAt: Date;
  formId: string;
  formVersion: number | null;
  data: Record<string, unknown> | null;
}

export interface InspectionOption {
  id: string;
  name: string;
  createdAt: Date;
}

export async function inspectionsOfMaster(_db: DbOrTx, _masterInspectionId: string): Promise<InspectionOption[]> {
  return [];
}

export async function inspectionSummary(_db: DbOrTx, _id: string): Promise<InspectionSummary | null> {
  return null;
}

export type InspectionCompletedHandler = (db: DbOrTx, event: { inspectionId: string }) => Promise<void>;

export function whenInspectionCompleted(_handler: InspectionCompletedHandler): void {}

export async function masterInspectionOptions(_db: DbOrTx): Promise<Array<{ id: string; name: string }>> {
  return [];
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

/** Labels of the pass/fail checks the answers failed. */
export function failedCheckLabels(schema: Record<string, unknown>, data: Record<string, unknown> | null): string[] {
  return failedChecks(schema as unknown as TFormSchema, (data ?? {}) as TFormAnswers);
}
