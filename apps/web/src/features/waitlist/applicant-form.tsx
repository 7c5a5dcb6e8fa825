import type { ReactNode } from 'react';
import { WAITLIST_MESSAGES, WAITLIST_STATUSES, ZWaitlistApplicantUpdate, type TWaitlistApplicant, type TWaitlistApplicantUpdateInput } from '@apron/core/waitlist';
import { SchemaForm } from '../../components/schema-form';
import type { TFormFieldSpec } from '../../components/schema-form-fields';
import { useSaveApplicant } from './api';
import { applicantFields } from './applicant-fields';

const valuesOf = (a: TWaitlistApplicant): TWaitlistApplicantUpdateInput => ({
  _id: a._id, propertyType: a.propertyType, aircrafttype: a.aircrafttype, firstName: a.firstName, lastName: a.lastName,
  phone: a.phone, email: a.email, organization: a.organization, status: a.status,
});

/** Save first, on the left, the page's buttons after it. */
const APPLICANT_FORM = { schema: ZWaitlistApplicantUpdate, label: 'Applicant', successText: WAITLIST_MESSAGES.statusUpdated, savingLabel: 'Saving…', buttonsAt: 'start' } as const;

/** Staff edit of an applicant with the shared schema (propertyType, names and status required; e-mail valid if given). */
export function ApplicantForm({ applicant, propertyTypes, actions }: { applicant: TWaitlistApplicant; propertyTypes: Array<{ _id: string; name: string }>; actions?: ReactNode }) {
  const save = useSaveApplicant();
  const f = applicantFields<TWaitlistApplicantUpdateInput>(propertyTypes);
  const status: TFormFieldSpec<TWaitlistApplicantUpdateInput> = { name: 'status', label: 'Status', kind: 'select', required: true, options: [...WAITLIST_STATUSES], placeholder: '' };
  const fields = [f.propertyType, status, f.firstName, f.lastName, f.email, f.phone, f.organization, f.aircrafttype].map((spec) => ({ ...spec, half: true }));
  return <SchemaForm {...APPLICANT_FORM} fields={fields} defaultValues={valuesOf(applicant)} onSave={save.mutateAsync} canEdit={applicant.abilities.edit} actions={actions} />;
}
