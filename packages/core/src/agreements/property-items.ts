import { z } from 'zod';
import { formatMoney, toCents, zDollars } from '../money';
import { ZEmail } from '../common/text';
import { zOptionalText, zRequiredText } from '../common/text';
import { ZOptionalDate, zDateOnly, AGREEMENT_MESSAGES } from './agreement';
import { PROPERTY_STATUSES } from '../properties/property';

/**
 * What hangs off one property of an agreement (spec doc 1 §2 sub-screens, §3): the security
 * deposit, insurances and the tenant/aircraft records. Money is dollars in the API, cents inside.
 */

/** A property of an agreement: the table (name, rent) with per-property actions. */
export const ZAgreementProperty = z.object({
  /** The link's id (owner id of its documents and remarks: ownerType `agreementProperty`). */
  _id: z.string(),
  agreementId: z.string(),
  propertyId: z.string(),
  name: z.string(),
  rent: z.number(),
  address: z.string(),
  status: z.enum(PROPERTY_STATUSES),
  startDate: z.string(),
  endDate: z.string().nullable(),
});
export type TAgreementProperty = z.infer<typeof ZAgreementProperty>;

/** `GET Agreements/PropertyList/All`: properties a Lease user can pick when adding one. */
export const ZAgreementPropertyOption = z.object({
  _id: z.string(),
  name: z.string(),
  rent: z.number(),
  status: z.enum(PROPERTY_STATUSES),
});
export type TAgreementPropertyOption = z.infer<typeof ZAgreementPropertyOption>;

export const ZAgreementPropertyParams = z.object({
  agreementId: z.string().uuid('Invalid Id'),
  propertyId: z.string().uuid('Invalid Id'),
});
export const ZAgreementPropertyItemParams = ZAgreementPropertyParams.extend({ itemId: z.string().uuid('Invalid Id') });

// ---- Security deposit ---------------------------------------------------------------------
export const DEPOSIT_PAYMENT_METHODS = ['Cash', 'Check', 'Card'] as const;
export type TDepositPaymentMethod = (typeof DEPOSIT_PAYMENT_METHODS)[number];

export const ZSecurityDepositInput = z.object({
  amount: zDollars({ min: 0 }),
  received: z.boolean().default(false),
  returned: z.boolean().default(false),
  paymentDate: ZOptionalDate,
  returnDate: ZOptionalDate,
  paymentMethod: z
    .union([z.literal(''), z.enum(DEPOSIT_PAYMENT_METHODS, { error: 'Payment method must be Cash, Check or Card' })])
    .nullish()
    .transform((v) => (v ? v : null)),
  returnDesc: zOptionalText(2000),
});
export type TSecurityDepositInput = z.input<typeof ZSecurityDepositInput>;
export type TSecurityDepositValues = z.output<typeof ZSecurityDepositInput>;

export const ZSecurityDeposit = z.object({
  amount: z.number(),
  received: z.boolean(),
  returned: z.boolean(),
  paymentDate: z.string().nullable(),
  returnDate: z.string().nullable(),
  paymentMethod: z.enum(DEPOSIT_PAYMENT_METHODS).nullable(),
  returnDesc: z.string(),
  updatedAt: z.string(),
});
export type TSecurityDeposit = z.infer<typeof ZSecurityDeposit>;

// ---- Insurance ----------------------------------------------------------------------------
/** A certificate's review (issue 24): only Approved ones count towards compliance. */
export const APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type TApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The certificate (COI) file of an insurance: a stored document, read at `url`. */
export const ZCertificate = z.object({ id: z.string(), fileName: z.string(), contentType: z.string(), size: z.number(), url: z.string() });
export type TCertificate = z.infer<typeof ZCertificate>;

/** The largest limit a certificate or requirement may state: $1,000,000,000.00. */
const MAX_LIMIT_CENTS = 1_000_000_000_00;

/**
 * A limit in dollars, its messages naming the field ('Per Occurrence Limit cannot be negative'):
 * the web's forms and the server's 400 say the same. A multipart or form text field ('1000000.00')
 * is read as its number; empty text is '<Label> is required', 'abc' '<Label> must be a number'.
 */
export const zLimit = (label: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const text = v.trim();
      if (text === '') return undefined;
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a number`) })
      .refine(Number.isFinite, `${label} must be a number`)
      .refine((v) => v >= 0, `${label} cannot be negative`)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} has at most two decimals`)
      .refine((v) => toCents(v) <= MAX_LIMIT_CENTS, `${label} must be at most ${formatMoney(MAX_LIMIT_CENTS)}`),
  );

/** A yes/no that also reads multipart text ('true', 'false', 'on', ''). */
export const zFlag = () =>
  z.preprocess((v) => (typeof v === 'string' ? ['true', 'on', 'yes', '1'].includes(v.trim().toLowerCase()) : v), z.boolean({ error: 'Must be yes or no' }));

/** Form defaults: start today, end one year later (spec doc 2 §9 "insurance default term one year"). */
export function insuranceDefaultDates(today: string): { startDate: string; endDate: string } {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // 29 February + one year is 28 February (Date.UTC would roll over to 1 March).
  const day = m === 2 && d === 29 ? 28 : d;
  return { startDate: today, endDate: `${String(y + 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

export const ZInsuranceFields = z
  .object({
    insuranceType: z.string({ error: 'Insurance Type is required' }).uuid('Insurance Type is required'),
    maxCoverageAmount: zDollars({ min: 0, maxCents: 1_000_000_000_00 }),
    startDate: zDateOnly('Start Date'),
    endDate: zDateOnly('End Date'),
    /** Changed only by Lease admins (the server refuses a change from anyone else). */
    isApproved: z.boolean().optional(),
    // What the certificate states (issue 24); absent on create: the limits are the max coverage.
    // Absent on update: unchanged.
    carrier: z.string().trim().max(200, 'Carrier is at most 200 characters').optional(),
    policyNumber: z.string().trim().max(100, 'Policy Number is at most 100 characters').optional(),
    perOccurrenceLimit: zLimit('Per Occurrence Limit').optional(),
    aggregateLimit: zLimit('Aggregate Limit').optional(),
    additionalInsured: z.boolean().optional(),
    waiverOfSubrogation: z.boolean().optional(),
  });

const endAfterStart = (v: { startDate: string; endDate: string }, ctx: z.RefinementCtx) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGREEMENT_MESSAGES.endBeforeStart });
};

/** `PUT Insurance/update/{id}` and the edit form. */
export const ZInsuranceUpdate = ZInsuranceFields.superRefine(endAfterStart);
export type TInsuranceUpdate = z.input<typeof ZInsuranceUpdate>;

/** `POST Insurance/add`: the fields plus which property of which agreement. */
export const ZInsuranceCreate = ZInsuranceFields.extend({
  agreementId: z.string().uuid('Invalid Id'),
  propertyId: z.string().uuid('Invalid Id'),
}).superRefine(endAfterStart);
export type TInsuranceCreate = z.input<typeof ZInsuranceCreate>;

export const ZInsurance = z.object({
  _id: z.string(),
  agreementId: z.string(),
  propertyId: z.string(),
  insuranceType: z.string(),
  insuranceTypeName: z.string(),
  maxCoverageAmount: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  /** Kept for the spec's clients: true exactly when approvalStatus is Approved. */
  isApproved: z.boolean(),
  carrier: z.string(),
  policyNumber: z.string(),
  perOccurrenceLimit: z.number(),
  aggregateLimit: z.number(),
  additionalInsured: z.boolean(),
  waiverOfSubrogation: z.boolean(),
  certificate: ZCertificate.nullable(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  rejectionReason: z.string().nullable(),
  uploadedByTenant: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TInsurance = z.infer<typeof ZInsurance>;

/** `POST Insurances`: the insurances of one property of an agreement. */
export const ZInsuranceListQuery = ZAgreementPropertyParams;

// ---- Tenant / aircraft records ------------------------------------------------------------
export const AIRCRAFT_TYPES = ['Single-Engine', 'Multi-Engine', 'Jet', 'Helicopter', 'Glider', 'Ultralight', 'Military', 'Non-5010'] as const;
export const AIRCRAFT_OWNER_KINDS = ['Owner', 'Tenant'] as const;
export const AIRCRAFT_INSURANCE = ['Approved', 'Not Approved', 'N/A'] as const;

const optionalEmail = z
  .union([z.literal(''), ZEmail])
  .nullish()
  .transform((v) => v ?? '');

export const ZAircraftFields = z.object({
  tailNumber: zRequiredText('Tail Number', 20),
  make: zOptionalText(100),
  model: zOptionalText(100),
  airCraftType: z.enum(AIRCRAFT_TYPES, { error: 'Choose an aircraft type' }),
  ownerortennat: z.enum(AIRCRAFT_OWNER_KINDS, { error: 'Choose Owner or Tenant' }),
  owner: zOptionalText(200),
  address1: zOptionalText(200),
  address2: zOptionalText(200),
  insurance: z.enum(AIRCRAFT_INSURANCE, { error: 'Choose Approved, Not Approved or N/A' }).default('N/A'),
  start: ZOptionalDate,
  end: ZOptionalDate,
  facilitycode: zOptionalText(50),
  accesscardno: zOptionalText(50),
  email: optionalEmail,
  comments: zOptionalText(2000),
  faaRegistry: zOptionalText(200),
});

const endAfterStartOptional = (v: { start: string | null; end: string | null }, ctx: z.RefinementCtx) => {
  if (v.start && v.end && v.end < v.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'End must be on or after Start' });
};

export const ZAircraftUpdate = ZAircraftFields.superRefine(endAfterStartOptional);
export type TAircraftUpdate = z.input<typeof ZAircraftUpdate>;

export const ZAircraftCreate = ZAircraftFields.extend({
  agreementId: z.string().uuid('Invalid Id'),
  propertyId: z.string().uuid('Invalid Id'),
}).superRefine(endAfterStartOptional);
export type TAircraftCreate = z.input<typeof ZAircraftCreate>;

export const ZAircraft = z.object({
  _id: z.string(),
  agreementId: z.string(),
  propertyId: z.string(),
  tailNumber: z.string(),
  make: z.string(),
  model: z.string(),
  airCraftType: z.enum(AIRCRAFT_TYPES),
  ownerortennat: z.enum(AIRCRAFT_OWNER_KINDS),
  owner: z.string(),
  address1: z.string(),
  address2: z.string(),
  insurance: z.enum(AIRCRAFT_INSURANCE),
  start: z.string().nullable(),
  end: z.string().nullable(),
  facilitycode: z.string(),
  accesscardno: z.string(),
  email: z.string(),
  comments: z.string(),
  faaRegistry: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAircraft = z.infer<typeof ZAircraft>;

/** `GET Agreements/Properties/{agreementId}/{propertyId}`: one property of the agreement. */
export const ZAgreementPropertyDetail = ZAgreementProperty.extend({
  securityDeposit: ZSecurityDeposit.nullable(),
  insurances: z.array(ZInsurance),
  aircraft: z.array(ZAircraft),
});
export type TAgreementPropertyDetail = z.infer<typeof ZAgreementPropertyDetail>;
