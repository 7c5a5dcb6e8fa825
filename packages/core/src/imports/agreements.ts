import { z } from 'zod';
import { AGREEMENT_MESSAGES, ZAgreementFields } from '../agreements/agreement';
import { zDollars } from '../money';
import { EXTERNAL_ID_COLUMN, type ImportColumn } from './contract';

/**
 * The `agreements` import (issue 23): one row per lease agreement. References are by natural key:
 * the company by name or external id, the properties by name (several, separated by ';'), the
 * invoice cycle and the escalation (the rent adjustment's payment type) by name. The example row
 * is valid against the demo airport: an ended lease of a demo office, so importing it changes no
 * current lease.
 */
export const AGREEMENT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { ...EXTERNAL_ID_COLUMN, example: 'LEASE-2016-014', aliases: [...(EXTERNAL_ID_COLUMN.aliases ?? []), 'lease id', 'agreement id'] },
  {
    key: 'agreementNum', label: 'Agreement number', type: 'text', example: 'L-2016-014',
    aliases: ['agreement number', 'agreement no', 'lease number', 'lease no', 'contract number', 'number'],
    help: 'Shown on invoices; the external id when empty. Unique at the airport.',
  },
  { key: 'title', label: 'Title', type: 'text', example: 'Terminal Office 101 lease', aliases: ['agreement title', 'lease title', 'name'], help: 'When empty: "<properties> lease".' },
  {
    key: 'company', label: 'Company', type: 'text', required: true, example: 'Sierra Skies Aviation',
    aliases: ['tenant', 'owner', 'lessee', 'company name', 'tenant name', 'customer', 'company id', 'tenant id'],
    help: "The tenant company's external id or name (it must be Active for a new lease).",
  },
  {
    key: 'properties', label: 'Properties', type: 'list', required: true, example: 'Terminal Office 101',
    aliases: ['property', 'property name', 'properties', 'hangar', 'hangars', 'space', 'unit', 'units'],
    help: "Property names, separated by ';' when the lease covers several.",
  },
  { key: 'startDate', label: 'Start date', type: 'date', required: true, example: '07/01/2016', aliases: ['start', 'lease start', 'commencement', 'from', 'begin date'] },
  {
    key: 'endDate', label: 'End date', type: 'date', example: '06/30/2019', aliases: ['end', 'lease end', 'expiration', 'expiry', 'expires', 'to', 'termination date'],
    help: 'Empty for a month-to-month lease with no end.',
  },
  { key: 'renewable', label: 'Renewable', type: 'boolean', example: 'yes', aliases: ['renew', 'renewal'], help: 'Defaults to yes when an end date is given; a lease that is not renewable has no end date.' },
  { key: 'status', label: 'Status', type: 'text', example: 'Active', aliases: ['lease status', 'agreement status'], help: 'Only Archived is kept as given; Active, Expiring Soon and Expired follow the dates.' },
  { key: 'invoiceCycle', label: 'Invoice cycle', type: 'text', required: true, example: 'Monthly', aliases: ['cycle', 'billing cycle', 'billing frequency', 'invoice frequency'], help: 'An invoice cycle of Settings, by name.' },
  {
    key: 'rentAdjustmentType', label: 'Escalation', type: 'text', required: true, example: 'CPI annual adjustment',
    aliases: ['escalation', 'escalation type', 'rent adjustment', 'rent adjustment type', 'rent escalation', 'payment type'],
    help: 'The rent adjustment (a payment type of Settings: CPI, Flat or Percent), by name.',
  },
  { key: 'adjustmentDate', label: 'First escalation date', type: 'date', example: '07/01/2017', aliases: ['escalation date', 'adjustment date', 'next escalation', 'first adjustment'] },
  { key: 'adjustmentFreq', label: 'Escalation every (months)', type: 'integer', example: '12', aliases: ['escalation frequency', 'adjustment frequency', 'escalation months', 'frequency'] },
  {
    key: 'rent', label: 'Monthly rent', type: 'money', example: '775.00', aliases: ['rent', 'monthly rent', 'base rent', 'rate', 'amount'],
    help: "Sets the monthly rent of each property of the lease; empty keeps the properties' rents.",
  },
  { key: 'deposit', label: 'Security deposit', type: 'money', example: '1550.00', aliases: ['deposit', 'security deposit', 'deposit amount'], help: 'The deposit held for each property of the lease.' },
  { key: 'depositReceived', label: 'Deposit received', type: 'boolean', example: 'yes', aliases: ['deposit paid', 'deposit received'], help: 'Defaults to yes when a deposit is given.' },
  { key: 'leaseTerms', label: 'Lease terms', type: 'text', example: 'Three-year term, renewable by mutual agreement.', aliases: ['terms', 'notes', 'comments'] },
  { key: 'description', label: 'Description', type: 'text', example: 'Lease of Terminal Office 101', aliases: ['lease description'], help: 'When empty: "Lease of <properties>".' },
];

export const AGREEMENT_IMPORT_MESSAGES = {
  notRenewableWithEnd: 'A lease that is not renewable has no End Date: leave it empty or set Renewable to yes',
  propertiesRequired: 'Properties is required',
  sameProperty: 'A property is listed twice',
} as const;

const fields = ZAgreementFields.shape;
const zOptionalImportText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();

/**
 * One row of an agreements file, after the engine normalised its cells. Built from the form's own
 * field schemas; the references stay names here and are resolved by the kind's dry run.
 */
export const ZAgreementImportRow = z
  .object({
    agreementNum: zOptionalImportText(60),
    title: zOptionalImportText(200),
    description: zOptionalImportText(4000),
    company: z.string({ error: 'Company is required' }).trim().min(1, 'Company is required').max(200),
    properties: z
      .array(z.string().trim().min(1).max(200), { error: AGREEMENT_IMPORT_MESSAGES.propertiesRequired })
      .min(1, AGREEMENT_IMPORT_MESSAGES.propertiesRequired)
      .max(100, 'At most 100 properties per agreement')
      .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, AGREEMENT_IMPORT_MESSAGES.sameProperty),
    startDate: fields.startDate,
    endDate: fields.endDate,
    renewable: z.boolean().optional(),
    status: fields.status.optional().default('Active'),
    leaseTerms: fields.leaseTerms,
    invoiceCycle: z.string({ error: 'Invoice Cycle is required' }).trim().min(1, 'Invoice Cycle is required').max(200),
    rentAdjustmentType: z.string({ error: 'Rent Adjustment Type is required' }).trim().min(1, 'Rent Adjustment Type is required').max(200),
    adjustmentDate: fields.adjustmentDate,
    adjustmentFreq: fields.adjustmentFreq,
    rent: zDollars({ positive: true }).optional(),
    deposit: zDollars({ min: 0 }).optional(),
    depositReceived: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.renewable === false && v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGREEMENT_IMPORT_MESSAGES.notRenewableWithEnd });
    if (v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGREEMENT_MESSAGES.endBeforeStart });
  })
  .transform((v) => {
    const properties = v.properties;
    const agreementNum = v.agreementNum || null;
    return {
      ...v,
      agreementNum,
      title: v.title || `${properties.join(' & ')} lease`.slice(0, 200),
      description: v.description || `Lease of ${properties.join(', ')}`.slice(0, 4000),
      renewable: v.renewable ?? !!v.endDate,
      depositReceived: v.depositReceived ?? v.deposit !== undefined,
    };
  });
export type TAgreementImportRow = z.output<typeof ZAgreementImportRow>;
