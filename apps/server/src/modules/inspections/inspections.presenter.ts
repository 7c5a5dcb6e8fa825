import type { TInspection, TInspectionDetail, TInspectionModule, TInspectionStatus, TMasterInspection, TSessionUser } from '@apron/core';
import { canManageMasters, inspectionAbilities, isInspectionStaff } from './inspections.policy';
import type { InspectionWithMaster, MasterWithCount } from './inspections.repo';

export function presentMaster(row: MasterWithCount, formName: string | null, user: TSessionUser | null): TMasterInspection {
  const manage = canManageMasters(user);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    adhoc: row.adhoc,
    module: row.module as TInspectionModule | null,
    scheduled: row.scheduled,
    expression: row.expression,
    formId: row.formId,
    formName,
    inspectionCount: row.inspectionCount,
    createdAt: row.createdAt.toISOString(),
    abilities: { edit: manage, delete: manage && row.inspectionCount === 0, addInspection: isInspectionStaff(user) },
  };
}

export function presentInspection(row: InspectionWithMaster, user: TSessionUser | null): TInspection {
  return {
    _id: row.id,
    inspectionId: row.masterInspectionId,
    masterName: row.masterName,
    name: row.inspectorName,
    email: row.inspectorEmail,
    status: row.status as TInspectionStatus,
    module: row.module as TInspectionModule | null,
    inspectionfor: row.subjectId ? { _id: row.subjectId, name: row.subjectName } : null,
    createdDate: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    scheduled: row.scheduleTick !== null,
    abilities: inspectionAbilities(user, row),
  };
}

export function presentInspectionDetail(row: InspectionWithMaster, schema: Record<string, unknown>, user: TSessionUser | null): TInspectionDetail {
  return { ...presentInspection(row, user), formId: row.formId, formVersion: row.formVersion, schema, data: row.data ?? null };
}

export function auditInspection(row: { inspectorName: string; inspectorEmail: string; status: string; subjectId: string | null; module: string | null }) {
  return { inspectorName: row.inspectorName, inspectorEmail: row.inspectorEmail, status: row.status, subjectId: row.subjectId, module: row.module };
}
