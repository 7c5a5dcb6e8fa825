import { z } from 'zod';
import { ZInsuranceFields, zDateOnly, zLimit } from '../agreements/index';
import { zOptionalText } from '../common/text';
import { AGREEMENT_MESSAGES } from '../agreements/agreement';
import { EXTERNAL_ID_COLUMN, type ImportColumn } from './contract';

/**
 * Import kind `insurances`: one row per insurance certificate. An insurance belongs to one
 * property of one agreement (the agreement's Insurances sub-screen), so a row names the agreement
 * (its number) or the company, and the property; the insurance type by its name in Settings.
 */
export const INSURANCE_IMPORT_COLUMNS: readonly ImportColumn[] = [
  EXTERNAL_ID_COLUMN,
  {
    key: 'agreement', label: 'Agreement', type: 'text', example: 'CXP-1001',
    aliases: ['agreement number', 'agreement no', 'agreementnum', 'lease', 'lease number', 'lease no', 'contract', 'contract number'],
    help: "The agreement's number. Without it, the company and the property find the agreement.",
  },
  {
    key: 'company', label: 'Company', type: 'text', example: 'Sierra Skies Aviation',
    aliases: ['company name', 'owner', 'tenant', 'tenant name', 'insured', 'named insured', 'lessee', 'company external id'],
    help: "The company's name or its external id (companies imported earlier). With an agreement number it must be that agreement's company.",
  },
  {
    key: 'property', label: 'Property', type: 'text', example: 'Box Hangar 1',
    aliases: ['property name', 'hangar', 'space', 'unit', 'premises', 'location'],
    help: "The property's name; may be left empty when the agreement has only one property.",
  },
  {
    key: 'insuranceType', label: 'Insurance type', type: 'text', required: true, example: 'Hangarkeepers Liability',
    aliases: ['type', 'insurance', 'coverage type', 'policy type', 'line of coverage'],
    help: 'An insurance type of Settings, by name.',
  },
  {
    key: 'maxCoverageAmount', label: 'Max coverage', type: 'money', required: true, example: '1000000.00',
    aliases: ['coverage', 'coverage amount', 'limit', 'policy limit', 'each occurrence', 'max coverage amount', 'amount'],
  },
  { key: 'startDate', label: 'Start date', type: 'date', required: true, example: '2026-01-01', aliases: ['start', 'effective', 'effective date', 'from', 'policy start'] },
  { key: 'endDate', label: 'End date', type: 'date', required: true, example: '2026-12-31', aliases: ['end', 'expiry', 'expires', 'expiration', 'expiration date', 'to', 'policy end'] },
  // What the certificate states (issue 24), all optional: empty limits are the max coverage.
  { key: 'carrier', label: 'Carrier', type: 'text', example: 'Acme Mutual', aliases: ['insurer', 'insurance company', 'carrier name', 'underwriter'] },
  { key: 'policyNumber', label: 'Policy number', type: 'text', example: 'GL-1001', aliases: ['policy', 'policy no', 'policy #', 'policy num'] },
  {
    key: 'perOccurrenceLimit', label: 'Per occurrence limit', type: 'money', example: '1000000.00', aliases: ['per occurrence', 'occurrence limit'],
    help: 'Empty: the max coverage.',
  },
  { key: 'aggregateLimit', label: 'Aggregate limit', type: 'money', example: '2000000.00', aliases: ['aggregate', 'general aggregate'], help: 'Empty: the max coverage.' },
  { key: 'additionalInsured', label: 'Additional insured', type: 'boolean', example: 'yes', aliases: ['airport additional insured', 'additional insured named'], help: 'yes/no (default no): the airport is named as additional insured.' },
  { key: 'waiverOfSubrogation', label: 'Waiver of subrogation', type: 'boolean', example: 'no', aliases: ['waiver', 'subrogation waiver'], help: 'yes/no (default no).' },
  {
    key: 'isApproved', label: 'Approved', type: 'boolean', example: 'yes', aliases: ['approved', 'is approved', 'verified'],
    help: 'yes/no (default no). Only a Lease admin may import approved insurances.',
  },
];

/** One row of an insurances file: the API's insurance fields, with its references by natural key. */
export const ZInsuranceImportRow = z
  .object({
    agreement: z.string().trim().max(100).optional(),
    company: z.string().trim().max(200).optional(),
    property: z.string().trim().max(200).optional(),
    insuranceType: z.string({ error: 'Insurance Type is required' }).trim().min(1, 'Insurance Type is required').max(200),
    maxCoverageAmount: ZInsuranceFields.shape.maxCoverageAmount,
    startDate: zDateOnly('Start Date'),
    endDate: zDateOnly('End Date'),
    carrier: zOptionalText(200),
    policyNumber: zOptionalText(100),
    perOccurrenceLimit: zLimit('Per Occurrence Limit').optional(),
    aggregateLimit: zLimit('Aggregate Limit').optional(),
    additionalInsured: z.boolean().default(false),
    waiverOfSubrogation: z.boolean().default(false),
    isApproved: z.boolean().default(false),
  })
  .superRefine((row, ctx) => {
    if (row.endDate < row.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGREEMENT_MESSAGES.endBeforeStart });
    if (!row.agreement && !(row.company && row.property)) {
      ctx.addIssue({ code: 'custom', path: ['agreement'], message: 'Name the agreement, or the company and the property' });
    }
  });
export type TInsuranceImportRow = z.output<typeof ZInsuranceImportRow>;
