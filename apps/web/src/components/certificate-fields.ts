import type { FieldValues, Path } from 'react-hook-form';
import type { TFormFieldSpec } from './schema-form-fields';

/** The form fields every insurance certificate states, by the names core's insurance schemas give them. */
type TCertificateField = 'carrier' | 'policyNumber' | 'perOccurrenceLimit' | 'aggregateLimit' | 'additionalInsured' | 'waiverOfSubrogation' | 'startDate' | 'endDate';

/**
 * What an insurance certificate states, as form fields in the order it states them: the staff's
 * insurance form (agreements) and the tenant's Upload Certificate (insurance) show the same
 * fields with the same labels. `limitsBefore` goes between the policy and its limits (the staff
 * form's Max Coverage Amount); the carrier and policy number are required where the schema says so.
 */
export function certificateFields<T extends FieldValues & Partial<Record<TCertificateField, unknown>>>(options: {
  partiesRequired: boolean;
  limitsBefore?: readonly TFormFieldSpec<T>[];
}): TFormFieldSpec<T>[] {
  // react-hook-form's Path<T> of a generic T is not narrowed by the constraint: the names above are T's.
  const field = (name: TCertificateField, spec: Omit<TFormFieldSpec<T>, 'name'>): TFormFieldSpec<T> => ({ name: name as Path<T>, ...spec });
  return [
    field('carrier', { label: 'Carrier', required: options.partiesRequired, half: true }),
    field('policyNumber', { label: 'Policy Number', required: options.partiesRequired, half: true }),
    ...(options.limitsBefore ?? []),
    field('perOccurrenceLimit', { label: 'Per Occurrence Limit', kind: 'money', required: true, half: true }),
    field('aggregateLimit', { label: 'Aggregate Limit', kind: 'money', required: true, half: true }),
    field('additionalInsured', { label: 'Airport named as additional insured', kind: 'checkbox', half: true }),
    field('waiverOfSubrogation', { label: 'Waiver of subrogation', kind: 'checkbox', half: true }),
    field('startDate', { label: 'Start Date', kind: 'date', required: true, half: true }),
    field('endDate', { label: 'End Date', kind: 'date', required: true, half: true }),
  ];
}
