import { z } from 'zod';
import { ZListQuery } from '../common/list';
import { ZEmail, zRequiredText } from '../common/text';
import { ZCronExpression } from '../settings/cron';

/**
 * Inspections (spec doc 1 §2 Inspections, §3 Inspection / Master inspection, §4; doc 2 §7).
 * Status: Created -> In Progress (the form was saved partly) -> Completed (final).
 */
export const INSPECTION_STATUSES = ['Created', 'In Progress', 'Completed'] as const;
export type TInspectionStatus = (typeof INSPECTION_STATUSES)[number];
export const INSPECTION_MODULES = ['Property', 'Agreement'] as const;
export type TInspectionModule = (typeof INSPECTION_MODULES)[number];

export const INSPECTION_MESSAGES = {
  created: 'Created Successfully',
  updated: 'Updated Successfully',
  completed: 'Inspection Completed',
  saved: 'Saved',
  deleted: 'Deleted Successfully',
  completedIsFinal: 'This inspection is completed and can no longer be changed.',
  masterInUse: 'This master inspection has inspections and cannot be deleted.',
  masterNotFound: 'Master inspection not found',
  notFound: 'Inspection not found',
  emptyMasters: 'No Master Inspection added yet. Please click here to proceed.',
  scheduledNeedsModule: 'A scheduled inspection needs a module: untick Adhoc or Scheduled',
  moduleRequired: 'Module is required',
  formRequired: 'Form ID is required',
  inspectionForRequired: 'Inspection For is required',
  notAssigned: 'Assign an inspector before filling this inspection.',
} as const;

const zBool = (label: string) => z.boolean({ error: `${label} is required` });

/** Settings > Master Inspection: the same schema for the dialog and the route. */
export const ZMasterInspectionInput = z
  .object({
    name: zRequiredText('Name', 120),
    description: zRequiredText('Description', 1000),
    adhoc: zBool('Adhoc'),
    module: z.enum(INSPECTION_MODULES, { error: 'Choose Property or Agreement' }).nullable().optional(),
    scheduled: zBool('Scheduled'),
    expression: ZCronExpression,
    formId: z.string({ error: INSPECTION_MESSAGES.formRequired }).min(1, INSPECTION_MESSAGES.formRequired).uuid(INSPECTION_MESSAGES.formRequired),
  })
  .superRefine((value, ctx) => {
    if (!value.adhoc && !value.module) ctx.addIssue({ code: 'custom', path: ['module'], message: INSPECTION_MESSAGES.moduleRequired });
    if (value.scheduled && value.adhoc) ctx.addIssue({ code: 'custom', path: ['scheduled'], message: INSPECTION_MESSAGES.scheduledNeedsModule });
  })
  .transform((value) => ({ ...value, module: value.adhoc ? null : (value.module ?? null) }));
export type TMasterInspectionInput = z.input<typeof ZMasterInspectionInput>;
export type TMasterInspectionValues = z.output<typeof ZMasterInspectionInput>;

export const ZMasterInspection = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  adhoc: z.boolean(),
  module: z.enum(INSPECTION_MODULES).nullable(),
  scheduled: z.boolean(),
  expression: z.string(),
  formId: z.string(),
  formName: z.string().nullable(),
  inspectionCount: z.number().int(),
  createdAt: z.string(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean(), addInspection: z.boolean() }),
});
export type TMasterInspection = z.infer<typeof ZMasterInspection>;

/** 'Add New Inspection': the master, module, 'Inspection For', Inspector Name and Email (trimmed, required). */
export const ZInspectionCreate = z.object({
  inspectionId: z.string({ error: 'Master inspection is required' }).uuid('Invalid Id'),
  module: z.enum(INSPECTION_MODULES, { error: 'Choose Property or Agreement' }),
  inspectionfor: z.string({ error: INSPECTION_MESSAGES.inspectionForRequired }).trim().min(1, INSPECTION_MESSAGES.inspectionForRequired).uuid(INSPECTION_MESSAGES.inspectionForRequired),
  name: zRequiredText('Inspector Name', 120),
  email: ZEmail,
});
export type TInspectionCreate = z.input<typeof ZInspectionCreate>;

/** 'Edit Inspection': Inspector Name and Email. */
export const ZInspectionUpdate = z.object({
  name: zRequiredText('Inspector Name', 120),
  email: ZEmail,
});
export type TInspectionUpdate = z.input<typeof ZInspectionUpdate>;

/** Answers of the inspection form (checked on the server against the form version it was filled on). */
export const ZInspectionAnswers = z.object({ data: z.record(z.string(), z.unknown()) });

export const INSPECTION_SORTS = ['status', 'name', 'email', 'createdDate', 'inspectionfor'] as const;
export const ZInspectionListQuery = ZListQuery.extend({
  inspectionId: z.string().uuid('Invalid Id'),
  status: z.enum(INSPECTION_STATUSES).optional(),
});
export type TInspectionListQuery = z.infer<typeof ZInspectionListQuery>;

export const ZMyInspectionsQuery = ZListQuery.extend({ status: z.enum(INSPECTION_STATUSES).optional() });

export const ZInspectionAbilities = z.object({ edit: z.boolean(), fill: z.boolean(), complete: z.boolean() });

export const ZInspection = z.object({
  _id: z.string(),
  /** The master inspection (spec field name). */
  inspectionId: z.string(),
  masterName: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(INSPECTION_STATUSES),
  module: z.enum(INSPECTION_MODULES).nullable(),
  inspectionfor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdDate: z.string(),
  completedAt: z.string().nullable(),
  scheduled: z.boolean(),
  abilities: ZInspectionAbilities,
});
export type TInspection = z.infer<typeof ZInspection>;

/** One inspection with its form: the schema of the version it is filled on, and the answers. */
export const ZInspectionDetail = ZInspection.extend({
  formId: z.string(),
  formVersion: z.number().int(),
  schema: z.record(z.string(), z.unknown()),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type TInspectionDetail = z.infer<typeof ZInspectionDetail>;

export const ZInspectionSubjectOption = z.object({ _id: z.string(), name: z.string() });
export const ZInspectionSubjectQuery = z.object({ module: z.enum(INSPECTION_MODULES, { error: 'Choose Property or Agreement' }) });
