import type { TMasterWorkorder, TWorkorder, TWorkorderRow } from '@apron/core/workorders/index';
import type { TSessionUser } from '@apron/core';
import type { InspectionSummary } from './linked-modules';
import { canManageMasters, isWorkorderStaff, workorderAbilities } from './workorders.policy';
import type { MasterWithCount, WorkorderWithMaster } from './workorders.repo';

export function presentMaster(row: MasterWithCount, masterInspectionIds: string[], user: TSessionUser | null): TMasterWorkorder {
  const manage = canManageMasters(user);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    adhoc: row.adhoc,
    formId: row.formId,
    masterInspectionIds,
    workorderCount: row.workorderCount,
    createdAt: row.createdAt.toISOString(),
    abilities: { edit: manage, delete: manage && row.workorderCount === 0, addWorkorder: isWorkorderStaff(user) },
  };
}

/** The linked inspection as the grid's 'Workorder For' shows it (name and creation date). */
function presentFor(row: WorkorderWithMaster, inspections: ReadonlyMap<string, InspectionSummary | null>): TWorkorderRow['workorderfor'] {
  if (!row.inspectionId) return null;
  const inspection = inspections.get(row.inspectionId);
  return { _id: row.inspectionId, name: inspection?.name ?? 'Inspection', createdDate: inspection?.createdAt ? inspection.createdAt.toISOString() : '' };
}

export function presentWorkorderRow(row: WorkorderWithMaster, inspections: ReadonlyMap<string, InspectionSummary | null>, user: TSessionUser | null): TWorkorderRow {
  return {
    _id: row.id,
    refnumber: row.refNumber,
    status: row.status as TWorkorderRow['status'],
    name: row.contractorName,
    email: row.contractorEmail,
    workorderfor: presentFor(row, inspections),
    workorderId: row.masterWorkorderId,
    masterName: row.masterName,
    autoOpened: row.autoOpened,
    failedChecks: row.failedChecks,
    createdDate: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    abilities: workorderAbilities(user, row),
  };
}

export function presentWorkorder(row: WorkorderWithMaster, inspections: ReadonlyMap<string, InspectionSummary | null>, user: TSessionUser | null): TWorkorder {
  return { ...presentWorkorderRow(row, inspections, user), data: row.data ?? null, formId: row.formId, formVersion: row.formVersion };
}
