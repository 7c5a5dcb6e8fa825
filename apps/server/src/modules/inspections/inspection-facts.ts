import type { TFormAnswers } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import * as repo from './inspections.repo';

/** What other modules read of inspections (work orders' 'Workorder For', print, the dashboard). */
export async function listInspectionsForMaster(db: DbOrTx, masterInspectionId: string): Promise<Array<{ id: string; name: string; createdAt: Date }>> {
  return repo.listInspectionOptions(db, masterInspectionId);
}

export interface InspectionSummary {
  id: string;
  name: string;
  status: string;
  inspectorName: string;
  inspectorEmail: string;
  formId: string;
  formVersion: number;
  answers: TFormAnswers | null;
  createdAt: Date;
}

/** One inspection as a work order shows it (name: what it was for, else the master's name). */
export async function getInspectionSummary(db: DbOrTx, id: string): Promise<InspectionSummary | null> {
  const row = await repo.findInspection(db, id);
  if (!row) return null;
  return {
    id: row.id,
    name: row.subjectName || row.masterName,
    status: row.status,
    inspectorName: row.inspectorName,
    inspectorEmail: row.inspectorEmail,
    formId: row.formId,
    formVersion: row.formVersion,
    answers: row.data ?? null,
    createdAt: row.createdAt,
  };
}

/** Inspections not yet Completed (the dashboard). */
export async function openInspectionCount(db: DbOrTx): Promise<number> {
  return repo.countOpenInspections(db);
}

/** Master inspections as options (work orders' auto-open rule). */
export async function listMasterInspectionOptions(db: DbOrTx): Promise<Array<{ id: string; name: string }>> {
  return (await repo.listMasters(db)).map((m) => ({ id: m.id, name: m.name }));
}
