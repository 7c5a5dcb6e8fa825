import { z } from 'zod';
import { zNumber } from '@apron/core/common/number';
import { AGREEMENT_MESSAGES, zDateOnly } from '@apron/core/agreements';
import { UPLOAD_LIMITS } from '@apron/core/attachments';

/*
 * The forms' schemas. They follow the server's rules of docs/insurance.md (limits are dollars,
 * zero or more; the end is not before the start); after the merge with branch `coi` they are
 * replaced by the core schemas the routes validate with.
 */

/** A limit in dollars: a number, not negative, at most two decimals; the message names the field. */
function zLimit(label: string) {
  return zNumber(label, (n) =>
    n
      .min(0, `${label} cannot be negative`)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} has at most two decimals`),
  );
}

export const ZRequirementRow = z.object({
  insuranceTypeId: z.string({ error: 'Coverage Type is required' }).min(1, 'Coverage Type is required'),
  minPerOccurrence: zLimit('Min Per Occurrence'),
  minAggregate: zLimit('Min Aggregate'),
  additionalInsuredRequired: z.boolean(),
  waiverOfSubrogationRequired: z.boolean(),
});

/** The editor's list: each coverage type once. */
export const ZRequirementList = z
  .object({ requirements: z.array(ZRequirementRow) })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.requirements.forEach((row, index) => {
      if (row.insuranceTypeId && seen.has(row.insuranceTypeId)) {
        ctx.addIssue({ code: 'custom', path: ['requirements', index, 'insuranceTypeId'], message: 'Coverage Type is listed twice' });
      }
      seen.add(row.insuranceTypeId);
    });
  });
export type TRequirementListInput = z.input<typeof ZRequirementList>;
export type TRequirementListValues = z.output<typeof ZRequirementList>;

/** The tenant's Upload certificate dialog (the file is checked apart: `certificateFileProblem`). */
export const ZTenantCertificate = z
  .object({
    insuranceTypeId: z.string({ error: 'Coverage Type is required' }).min(1, 'Coverage Type is required'),
    carrier: z.string().trim().min(1, 'Carrier is required').max(200, 'Carrier is at most 200 characters'),
    policyNumber: z.string().trim().min(1, 'Policy Number is required').max(100, 'Policy Number is at most 100 characters'),
    perOccurrenceLimit: zLimit('Per Occurrence Limit'),
    aggregateLimit: zLimit('Aggregate Limit'),
    additionalInsured: z.boolean(),
    waiverOfSubrogation: z.boolean(),
    startDate: zDateOnly('Start Date'),
    endDate: zDateOnly('End Date'),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGREEMENT_MESSAGES.endBeforeStart });
  });
export type TTenantCertificateInput = z.input<typeof ZTenantCertificate>;

/** A certificate is a PDF or a PNG/JPEG image (the server sniffs the bytes too). */
export const CERTIFICATE_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const CERTIFICATE_ACCEPT = '.pdf,.png,.jpg,.jpeg';
export const UNSUPPORTED_CERTIFICATE_MESSAGE = 'Only PDF, PNG and JPEG certificates are accepted.';

/** Why a chosen file cannot be a certificate, or null: checked before anything is uploaded. */
export function certificateFileProblem(file: File): string | null {
  const byType = (CERTIFICATE_MIME_TYPES as readonly string[]).includes(file.type);
  const byName = /\.(pdf|png|jpe?g)$/i.test(file.name);
  if (!byType && !(file.type === '' && byName)) return UNSUPPORTED_CERTIFICATE_MESSAGE;
  if (file.size > UPLOAD_LIMITS.maxBytes) return UPLOAD_LIMITS.tooLargeMessage;
  return null;
}
