import { z } from 'zod';
import { ZId, ZListQuery } from '../common/list';
import { zRequiredText } from '../common/text';

/**
 * Work orders (spec doc 1 §2 Work orders, §3 Workorder / Master workorder, §4, §5; doc 2 §7).
 * One schema for each dialog and its call. Import as `@apron/core/workorders/index`.
 */
export const WORKORDER_STATUSES = ['Created', 'In Progress', 'Completed'] as const;
export type TWorkorderStatus = (typeof WORKORDER_STATUSES)[number];

export const WORKORDER_MESSAGES = {
  created: 'Created Successfully',
  updated: 'Updated Successfully',
  deleted: 'Deleted Successfully',
  completed: 'Status Updated Successfully',
  saved: 'Updated Successfully',
  noMasters: 'No Master Workorder added yet',
  notFound: 'Workorder not found',
  masterNotFound: 'Master Workorder not found',
  masterInUse: 'This Master Workorder has work orders, so it cannot be deleted.',
  refTaken: 'Workorder Reference Number is already used',
  completedFinal: 'This work order is Completed and can no longer be changed.',
  inspectionNotListed: 'Choose an inspection of this Master Workorder',
  adhocNoInspection: 'An adhoc Master Workorder takes no inspection',
  ruleTaken: 'A chosen master inspection already opens work orders on another Master Workorder',
  unassigned: 'Assign a contractor (name and e-mail) before completing this work order.',
  /** Completing with the form unfilled: what to do first, then the first missing answer. */
  formUnfilled: (firstProblem: string) => `Fill in the work order form before completing it: ${firstProblem}.`,
} as const;

/** Contractor e-mail: required, valid, stored in lower case (contractors match by e-mail, PRODUCT-RULES 13). */
export const ZContractorEmail = z
  .string({ error: 'Contractor Email is required' })
  .trim()
  .min(1, 'Contractor Email is required')
  .max(254, 'Contractor Email must be at most 254 characters')
  .email('Contractor Email is not valid')
  .transform((v) => v.toLowerCase());

// ---- Master work orders (Settings > Master Workorder) -------------------------------------------

export const ZMasterWorkorderInput = z.object({
  name: zRequiredText('Name', 200),
  description: zRequiredText('Description', 2000),
  adhoc: z.boolean({ error: 'Adhoc must be true or false' }).default(false),
  formId: z.string({ error: 'Form ID is required' }).min(1, 'Form ID is required').uuid('Form ID is required'),
  /**
   * Beyond the spec: the master inspections whose failed pass/fail checks open a work order on
   * this master (each master inspection names at most one). Only for masters that are not adhoc.
   */
  masterInspectionIds: z.array(z.string().uuid('Invalid Id')).max(100).default([]),
});
export type TMasterWorkorderInput = z.input<typeof ZMasterWorkorderInput>;
export type TMasterWorkorderValues = z.output<typeof ZMasterWorkorderInput>;

export const ZMasterWorkorder = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  adhoc: z.boolean(),
  formId: z.string(),
  masterInspectionIds: z.array(z.string()),
  /** Work orders on this master the caller can see. */
  workorderCount: z.number().int(),
  createdAt: z.string(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean(), addWorkorder: z.boolean() }),
});
export type TMasterWorkorder = z.infer<typeof ZMasterWorkorder>;

// ---- Work orders --------------------------------------------------------------------------------

/** The 'Create Workorder' dialog and `POST Workorder/CreateWorkorders`. */
export const ZWorkorderCreate = z.object({
  refnumber: zRequiredText('Workorder Reference Number', 100),
  name: zRequiredText('Contractor Name', 200),
  email: ZContractorEmail,
  /** An inspection of the master (not adhoc); '' or absent = none. */
  workorderfor: z
    .union([z.literal(''), z.string().uuid('Choose an inspection of this Master Workorder')])
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The master work order. */
  workorderId: z.string({ error: 'Master Workorder is required' }).uuid('Master Workorder is required'),
});
export type TWorkorderCreate = z.input<typeof ZWorkorderCreate>;

/** The edit dialog: contractor name and e-mail (spec doc 1 §5). */
export const ZWorkorderUpdate = z.object({
  name: zRequiredText('Contractor Name', 200),
  email: ZContractorEmail,
});
export type TWorkorderUpdate = z.input<typeof ZWorkorderUpdate>;

/** The answers of the work order's form (`UpdateSimulateWorkorder`). */
export const ZWorkorderAnswers = z.object({ data: z.record(z.string(), z.unknown()) });
export type TWorkorderAnswers = z.infer<typeof ZWorkorderAnswers>;

export const ZWorkorderFor = z.object({ _id: z.string(), name: z.string(), createdDate: z.string() });

export const ZWorkorderAbilities = z.object({
  edit: z.boolean(),
  complete: z.boolean(),
  /** Open the form and save answers. */
  fill: z.boolean(),
});

export const ZWorkorderRow = z.object({
  _id: z.string(),
  refnumber: z.string(),
  status: z.enum(WORKORDER_STATUSES),
  name: z.string(),
  email: z.string(),
  workorderfor: ZWorkorderFor.nullable(),
  workorderId: z.string(),
  masterName: z.string(),
  /** Opened by a failed pass/fail check of the linked inspection (beyond the spec). */
  autoOpened: z.boolean(),
  failedChecks: z.array(z.string()),
  createdDate: z.string(),
  completedAt: z.string().nullable(),
  abilities: ZWorkorderAbilities,
});
export type TWorkorderRow = z.infer<typeof ZWorkorderRow>;

export const ZWorkorder = ZWorkorderRow.extend({
  data: z.record(z.string(), z.unknown()).nullable(),
  formId: z.string(),
  formVersion: z.number().int().nullable(),
});
export type TWorkorder = z.infer<typeof ZWorkorder>;

/** `GET Workorder/GetSimulateWorkorder/{id}`: the form (form-js schema) and its answers. */
export const ZWorkorderFormView = z.object({
  workorder: ZWorkorder,
  schema: z.record(z.string(), z.unknown()).nullable(),
});
export type TWorkorderFormView = z.infer<typeof ZWorkorderFormView>;

export const WORKORDER_GRID_SORTS = ['refnumber', 'status', 'name', 'email', 'createdDate'] as const;

export const ZWorkorderGridQuery = ZListQuery.extend({
  workorderId: ZId.optional(),
  status: z.enum(WORKORDER_STATUSES).optional(),
});
export type TWorkorderGridQuery = z.infer<typeof ZWorkorderGridQuery>;

/** 'Workorder For' options: the inspections of the master, labelled with name and creation date. */
export const ZWorkorderForOption = z.object({ _id: z.string(), name: z.string(), createdDate: z.string() });
export type TWorkorderForOption = z.infer<typeof ZWorkorderForOption>;

/** Master inspections the settings picker offers (filled from the inspections module). */
export const ZMasterInspectionOption = z.object({ _id: z.string(), name: z.string() });
export type TMasterInspectionOption = z.infer<typeof ZMasterInspectionOption>;

export function isWorkorderFinal(status: TWorkorderStatus): boolean {
  return status === 'Completed';
}
