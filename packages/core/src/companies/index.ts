import { z } from 'zod';
import { ZEmail, ZPhoneOptional, zOptionalText, zRequiredText } from '../common/text';
import { ZListQuery } from '../common/list';

/**
 * Owners (companies, called tenants in the data): spec doc 1 §2 Companies, §3 Company, §5.
 * One schema for the create/edit form (zodResolver) and for `POST Company` / `PUT Company/{id}`.
 */
export const COMPANY_STATUSES = ['Approval Needed', 'Active', 'Inactive'] as const;
export type TCompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_MESSAGES = {
  created: 'Company Created Successfully',
  updated: 'Updated Successfully',
  userAdded: 'Added Successfully',
  /** Adding the e-mail of a company user of another airport links their account (docs/airports.md). */
  existingUserAdded: 'Added: this person already signs in for a company at another airport, and was told by e-mail.',
  onlyAdminsStatus: 'Only Company admins may change the status.',
  onlyAdminsName: 'Only Company admins may change the name.',
  onlyAdminsDescription: 'Only Company admins may change the description.',
} as const;

/**
 * Zip: digits or empty (spec: "zip numeric or empty"). Kept as a string of digits in the API so
 * a leading zero (01234) survives; a client sending a number is accepted.
 */
export const ZZip = z
  .union([z.number().int('Zip must be numeric').nonnegative('Zip must be numeric'), z.string().trim().regex(/^\d*$/, 'Zip must be numeric').max(10, 'Zip must be numeric')])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)));

export const ZCompanyInput = z.object({
  name: zRequiredText('Name', 200),
  description: zRequiredText('Description', 2000),
  address1: zOptionalText(200),
  address2: zOptionalText(200),
  city: zOptionalText(100),
  state: zOptionalText(100),
  zip: ZZip,
  email: ZEmail,
  phone: ZPhoneOptional,
  contactname: zOptionalText(200),
  contactphone: ZPhoneOptional,
  isPaperless: z.boolean().default(false),
  /** Accepted only from Company admins (the server refuses a change from anyone else). */
  status: z.enum(COMPANY_STATUSES, { error: 'Status must be Approval Needed, Active or Inactive' }).optional(),
});
export type TCompanyInput = z.input<typeof ZCompanyInput>;
export type TCompanyValues = z.output<typeof ZCompanyInput>;

export const ZCompanyAbilities = z.object({
  /** Save the contact fields. */
  edit: z.boolean(),
  /** Name, description and status (Company admins). */
  editNameAndDescription: z.boolean(),
  changeStatus: z.boolean(),
  /** Add users and toggle them (Company admins). */
  manageUsers: z.boolean(),
});

export const ZCompany = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  contactname: z.string(),
  contactphone: z.string(),
  isPaperless: z.boolean(),
  status: z.enum(COMPANY_STATUSES),
  abilities: ZCompanyAbilities,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;

/** A row of `/companies` (Name, Description, Email, Phone #, Contact Name, Contact Phone #). */
export const ZCompanyGridRow = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  email: z.string(),
  phone: z.string(),
  contactname: z.string(),
  contactphone: z.string(),
  status: z.enum(COMPANY_STATUSES),
});
export type TCompanyGridRow = z.infer<typeof ZCompanyGridRow>;

export const COMPANY_GRID_SORTS = ['name', 'description', 'email', 'phone', 'contactname', 'contactphone', 'status', 'createdAt'] as const;

export const ZCompanyGridQuery = ZListQuery.extend({
  status: z.enum(COMPANY_STATUSES).optional(),
});
export type TCompanyGridQuery = z.infer<typeof ZCompanyGridQuery>;

/** `GET Company/Active`: the Owner select of an agreement. */
export const ZCompanyOption = z.object({ _id: z.string(), name: z.string() });
export type TCompanyOption = z.infer<typeof ZCompanyOption>;

/** Add-user dialog: a valid e-mail (spec §5), names optional. */
export const ZCompanyUserCreate = z.object({
  email: ZEmail,
  givenName: zOptionalText(100),
  familyName: zOptionalText(100),
});
export type TCompanyUserCreate = z.input<typeof ZCompanyUserCreate>;

/** The enable toggle of one user of the company. */
export const ZCompanyUserToggle = z.object({
  userId: z.string().uuid('Invalid Id'),
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
});
export type TCompanyUserToggle = z.infer<typeof ZCompanyUserToggle>;

export const ZCompanyUser = z.object({
  _id: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  enabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  /** Also acts for a company at another airport: Remove (this company only) applies; otherwise Disable. */
  actsForOtherCompanies: z.boolean(),
});
export type TCompanyUser = z.infer<typeof ZCompanyUser>;

/** The answer of adding a company user; `existingAccount`: an account of another airport's company was linked, not created. */
export const ZCompanyUserAdded = z.object({ message: z.string(), user: ZCompanyUser, existingAccount: z.boolean() });
export type TCompanyUserAdded = z.infer<typeof ZCompanyUserAdded>;
