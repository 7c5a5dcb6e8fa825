import { z } from 'zod';
import { ZInsuranceUpdate } from '@apron/core/agreements';
import { UPLOAD_LIMITS } from '@apron/core/attachments';
import { zNumber } from '@apron/core/common/number';

/*
 * The certificate's fields on the staff insurance form (issue 24). Branch `coi` adds them to
 * core's ZInsuranceFields (carrier, policyNumber, perOccurrenceLimit, aggregateLimit,
 * additionalInsured, waiverOfSubrogation) and the certificate types to core: after the merge,
 * ZInsuranceUpdate itself is the form's schema and these local copies go.
 */

function zLimit(label: string) {
  return zNumber(label, (n) =>
    n.min(0, `${label} cannot be negative`).refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} has at most two decimals`),
  );
}

export const ZInsuranceForm = ZInsuranceUpdate.and(
  z.object({
    carrier: z.string().trim().max(200, 'Carrier is at most 200 characters'),
    policyNumber: z.string().trim().max(100, 'Policy Number is at most 100 characters'),
    perOccurrenceLimit: zLimit('Per Occurrence Limit'),
    aggregateLimit: zLimit('Aggregate Limit'),
    additionalInsured: z.boolean(),
    waiverOfSubrogation: z.boolean(),
  }),
);
export type TInsuranceFormInput = z.input<typeof ZInsuranceForm>;
export type TInsuranceFormValues = z.output<typeof ZInsuranceForm>;

export const CERTIFICATE_ACCEPT = '.pdf,.png,.jpg,.jpeg';
const CERTIFICATE_MIME_TYPES: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg'];
export const UNSUPPORTED_CERTIFICATE_MESSAGE = 'Only PDF, PNG and JPEG certificates are accepted.';

/** Why a chosen file cannot be a certificate, or null (the server sniffs the bytes as well). */
export function certificateFileProblem(file: File): string | null {
  const known = CERTIFICATE_MIME_TYPES.includes(file.type) || (file.type === '' && /\.(pdf|png|jpe?g)$/i.test(file.name));
  if (!known) return UNSUPPORTED_CERTIFICATE_MESSAGE;
  if (file.size > UPLOAD_LIMITS.maxBytes) return UPLOAD_LIMITS.tooLargeMessage;
  return null;
}
