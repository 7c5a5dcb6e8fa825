import { PLEASE_SELECT, type TWaitlistJoinInput } from '@apron/core/waitlist';
import type { TFormFieldSpec } from '../../components/schema-form-fields';

/** The fields an applicant is described by, in the join form and in the staff edit alike. */
type TApplicantFieldName = 'propertyType' | 'aircrafttype' | 'firstName' | 'lastName' | 'phone' | 'email' | 'organization';
type TApplicantValues = Pick<TWaitlistJoinInput, TApplicantFieldName>;

/**
 * One spec per applicant field (label, kind, the 'Please Select' first option); each form lays
 * them out its own way. `contactRequired`: phone, e-mail and organization are marked required
 * (the public join form; the schema and the server decide all the same).
 */
export function applicantFields<T extends TApplicantValues>(
  propertyTypes: ReadonlyArray<{ _id: string; name: string }>,
  contactRequired = false,
): Record<TApplicantFieldName, TFormFieldSpec<T>> {
  const spec = (fields: Omit<TFormFieldSpec<TApplicantValues>, 'name'> & { name: TApplicantFieldName }) => fields as TFormFieldSpec<T>;
  return {
    propertyType: spec({ name: 'propertyType', label: 'Property Type', kind: 'select', required: true, placeholder: PLEASE_SELECT, options: propertyTypes.map((t) => ({ value: t._id, label: t.name })) }),
    aircrafttype: spec({ name: 'aircrafttype', label: 'Aircraft Type' }),
    firstName: spec({ name: 'firstName', label: 'First Name', required: true }),
    lastName: spec({ name: 'lastName', label: 'Last Name', required: true }),
    phone: spec({ name: 'phone', label: 'Phone', kind: 'tel', required: contactRequired }),
    email: spec({ name: 'email', label: 'Email', kind: 'email', required: contactRequired }),
    organization: spec({ name: 'organization', label: 'Organization', required: contactRequired }),
  };
}
