import type { DbOrTx } from '../../db/client';

/**
 * What work orders read from the inspections and forms modules, in one place: the only file of
 * this module that names them (through their index.ts; they never import workorders).
 * TEMPORARY: until inspections and forms land, these answer "nothing linked" so the module works
 * adhoc; they are wired to the real exports as soon as those exist.
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
export async function formVersion(_db: DbOrTx, _formId: string, _version: number | null): Promise<FormVersion | null> {
  return null;
}

/** Whether a form with this id exists (the master's 'Form ID'). */
export async function formExists(_db: DbOrTx, _formId: string): Promise<boolean> {
  return true;
}

/** Refuses answers that do not fit the schema (400 naming the field); `complete` also checks required fields. */
export async function checkAnswers(_schema: Record<string, unknown>, _data: Record<string, unknown>, _complete: boolean): Promise<void> {}

/** Labels of the pass/fail checks the answers failed. */
export function failedCheckLabels(_schema: Record<string, unknown>, _data: Record<string, unknown> | null): string[] {
  return [];
}
