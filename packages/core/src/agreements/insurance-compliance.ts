import { z } from 'zod';
import { UPLOAD_LIMITS } from '../attachments';
import { ZId } from '../common/list';
import { zOptionalText } from '../common/text';
import { AGREEMENT_MESSAGES, zDateOnly } from './agreement';
import { ZInsurance, zFlag, zLimit } from './property-items';

/**
 * Insurance compliance (issue 24): what an agreement must carry (requirements per property type,
 * or the agreement's own override), what a certificate states, and the status computed from the
 * approved certificates. Money is dollars at the API, integer cents inside (docs/insurance.md).
 */

export const COMPLIANCE_STATUSES = ['Compliant', 'Deficient', 'Expiring', 'Expired'] as const;
export type TComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];


/** Certificates are PDFs or photos of one (checked by content on the server). */
export const CERTIFICATE_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const CERTIFICATE_ACCEPT = '.pdf,.png,.jpg,.jpeg';
export const UNSUPPORTED_CERTIFICATE_MESSAGE = 'Only PDF, PNG and JPEG certificates are accepted.';

/** Why a chosen file cannot be a certificate, or null: the web checks before it uploads (the server sniffs the bytes). */
export function certificateFileProblem(file: { type: string; name: string; size: number }): string | null {
  const byType = (CERTIFICATE_MIME_TYPES as readonly string[]).includes(file.type);
  const byName = /\.(pdf|png|jpe?g)$/i.test(file.name);
  if (!byType && !(file.type === '' && byName)) return UNSUPPORTED_CERTIFICATE_MESSAGE;
  if (file.size > UPLOAD_LIMITS.maxBytes) return UPLOAD_LIMITS.tooLargeMessage;
  return null;
}


// ---- Requirements ---------------------------------------------------------------------------
/** The coverage type a requirement or certificate names ('' from an unchosen select is missing). */
const zCoverageTypeId = () => z.string({ error: 'Coverage Type is required' }).uuid('Coverage Type is required');

export const ZRequirementInput = z.object({
  insuranceTypeId: zCoverageTypeId(),
  minPerOccurrence: zLimit('Min Per Occurrence'),
  minAggregate: zLimit('Min Aggregate'),
  additionalInsuredRequired: zFlag().default(false),
  waiverOfSubrogationRequired: zFlag().default(false),
});

function noTypeTwice(v: { requirements: Array<{ insuranceTypeId: string }> }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  v.requirements.forEach((r, i) => {
    if (r.insuranceTypeId && seen.has(r.insuranceTypeId)) ctx.addIssue({ code: 'custom', path: ['requirements', i, 'insuranceTypeId'], message: 'Coverage Type is listed twice' });
    seen.add(r.insuranceTypeId);
  });
}

/** `PUT Insurance/Requirements/PropertyTypes/{id}` and `.../Agreements/{id}`: replaces the list. */
export const ZRequirementsInput = z.object({ requirements: z.array(ZRequirementInput).max(50) }).superRefine(noTypeTwice);
export type TRequirementsInput = z.input<typeof ZRequirementsInput>;

export const ZRequirement = z.object({
  insuranceTypeId: z.string(),
  insuranceTypeName: z.string(),
  minPerOccurrence: z.number(),
  minAggregate: z.number(),
  additionalInsuredRequired: z.boolean(),
  waiverOfSubrogationRequired: z.boolean(),
});
export type TRequirement = z.infer<typeof ZRequirement>;

export const ZPropertyTypeRequirements = z.object({ requirements: z.array(ZRequirement) });
export type TPropertyTypeRequirements = z.infer<typeof ZPropertyTypeRequirements>;
/** Without an override: the union of its properties' types' requirements, strictest limits win. */
export const ZAgreementRequirements = z.object({ overridden: z.boolean(), requirements: z.array(ZRequirement) });
export type TAgreementRequirements = z.infer<typeof ZAgreementRequirements>;

export const ZPropertyTypeIdParams = z.object({ propertyTypeId: ZId });
export const ZAgreementIdParams = z.object({ agreementId: ZId });

// ---- Certificates ---------------------------------------------------------------------------
/** What a certificate states (the insurance record's new fields). */
export const ZCertificateDetails = z.object({
  carrier: zOptionalText(200),
  policyNumber: zOptionalText(100),
  perOccurrenceLimit: zLimit('Per Occurrence Limit'),
  aggregateLimit: zLimit('Aggregate Limit'),
  additionalInsured: zFlag().default(false),
  waiverOfSubrogation: zFlag().default(false),
});

/** A text the user must give, its messages naming the field ('Carrier is required'). */
const zRequiredLabelledText = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);

/** `POST Company/Agreements/{id}/Certificates` (multipart text fields; the `file` comes last). */
export const ZTenantCertificateUpload = ZCertificateDetails.extend({
  insuranceTypeId: zCoverageTypeId(),
  // Staff check a tenant's certificate against the carrier's policy: without them it cannot be checked.
  carrier: zRequiredLabelledText('Carrier', 200),
  policyNumber: zRequiredLabelledText('Policy Number', 100),
  propertyId: z.preprocess((v) => (v === '' ? undefined : v), ZId.optional()),
  startDate: zDateOnly('Start Date'),
  endDate: zDateOnly('End Date'),
}).superRefine((v, ctx) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGREEMENT_MESSAGES.endBeforeStart });
});
export type TTenantCertificateUpload = z.input<typeof ZTenantCertificateUpload>;

export const ZRejectInsurance = z.object({ reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(1000, 'Reason must be at most 1000 characters') });
export type TRejectInsurance = z.infer<typeof ZRejectInsurance>;

// ---- Compliance -----------------------------------------------------------------------------
export const ZCompliance = z.object({
  agreementId: z.string(),
  status: z.enum(COMPLIANCE_STATUSES),
  /** Each names the failing requirement: "General Liability: per-occurrence limit ... is below ...". */
  problems: z.array(z.string()),
  /** When the first requirement stops being met (the earliest end of the certificates relied on). */
  expiresOn: z.string().nullable(),
  requirements: z.array(ZRequirement),
  insurances: z.array(ZInsurance),
});
export type TCompliance = z.infer<typeof ZCompliance>;

export const ZComplianceCounts = z.object({ compliant: z.number(), deficient: z.number(), expiring: z.number(), expired: z.number() });
export type TComplianceCounts = z.infer<typeof ZComplianceCounts>;

export const COMPLIANCE_SORTS = ['agreementNum', 'companyName', 'status', 'expiresOn'] as const;
export const ZComplianceReportQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(COMPLIANCE_STATUSES, { error: 'Choose Compliant, Deficient, Expiring or Expired' }).optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  sort: z
    .string()
    .regex(new RegExp(`^(${COMPLIANCE_SORTS.join('|')}):(asc|desc)$`), 'Sort must be a column and asc or desc')
    .default('agreementNum:asc'),
});
export type TComplianceReportQuery = z.input<typeof ZComplianceReportQuery>;

export const ZComplianceReportRow = z.object({
  agreementId: z.string(),
  agreementNum: z.string(),
  companyName: z.string(),
  status: z.enum(COMPLIANCE_STATUSES),
  problems: z.array(z.string()),
  expiresOn: z.string().nullable(),
});
export type TComplianceReportRow = z.infer<typeof ZComplianceReportRow>;
export const ZComplianceReport = z.object({ rows: z.array(ZComplianceReportRow), total: z.number(), counts: ZComplianceCounts });
export type TComplianceReport = z.infer<typeof ZComplianceReport>;

/** The wording of a problem, shared by the server (which sends it) and any client that builds one. */
export const COMPLIANCE_MESSAGES = {
  missing: (type: string) => `${type}: no approved certificate`,
  expired: (type: string, on: string) => `${type}: expired on ${on}`,
  perOccurrence: (type: string, has: string, needs: string) => `${type}: per-occurrence limit ${has} is below the required ${needs}`,
  aggregate: (type: string, has: string, needs: string) => `${type}: aggregate limit ${has} is below the required ${needs}`,
  additionalInsured: (type: string) => `${type}: additional insured is required`,
  waiver: (type: string) => `${type}: waiver of subrogation is required`,
} as const;

/** `INSURANCE_REMINDER_DAYS`: "60,30,7,0" -> [60, 30, 7, 0] (descending, unique). */
export function parseReminderDays(value: string): number[] {
  return [...new Set(value.split(',').map((s) => Number(s.trim())))].filter((n) => Number.isInteger(n) && n >= 0).sort((a, b) => b - a);
}
