import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAgreementRequirements, TCompliance, TInsurance, TRequirement } from '@apron/core/agreements';
import type { TMasterRow } from '@apron/core/settings';
import { apiFetch } from '../../lib/api-client';

/*
 * Insurance compliance (issue 24) as the web reads it: the shapes are core's (ZRequirement,
 * ZCompliance, ZInsurance in @apron/core/agreements), the ones the server answers with.
 */

export { COMPLIANCE_STATUSES, type TAgreementRequirements, type TApprovalStatus, type TCompliance, type TComplianceStatus, type TInsurance, type TRequirement } from '@apron/core/agreements';

const enc = encodeURIComponent;

/** Staff read `Insurance/Compliance/Agreements/{id}`; a tenant the same object through their company's path. */
export function compliancePath(agreementId: string, asTenant: boolean): string {
  return asTenant ? `/Company/Agreements/${enc(agreementId)}/Insurance` : `/Insurance/Compliance/Agreements/${enc(agreementId)}`;
}

export const complianceKey = (agreementId: string): readonly unknown[] => ['insuranceCompliance', agreementId];
const agreementRequirementsKey = (agreementId: string): readonly unknown[] => ['insuranceRequirements', 'agreement', agreementId];
const propertyTypeRequirementsKey = (propertyTypeId: string): readonly unknown[] => ['insuranceRequirements', 'propertyType', propertyTypeId];

export function useCompliance(agreementId: string, asTenant: boolean) {
  return useQuery({ queryKey: complianceKey(agreementId), queryFn: () => apiFetch<TCompliance>(compliancePath(agreementId, asTenant)) });
}

/** The coverage types of Settings (the requirement rows and the upload dialog choose from them). */
export function useCoverageTypes(enabled = true) {
  return useQuery({ queryKey: ['insuranceTypes'], queryFn: () => apiFetch<TMasterRow[]>('/InsuranceTypes'), enabled, staleTime: 5 * 60_000 });
}

export function useAgreementRequirements(agreementId: string, enabled: boolean) {
  return useQuery({
    queryKey: agreementRequirementsKey(agreementId),
    queryFn: () => apiFetch<TAgreementRequirements>(`/Insurance/Requirements/Agreements/${enc(agreementId)}`),
    enabled,
  });
}

/** Any change to an agreement's requirements or certificates recomputes its status: both reload. */
function useOnAgreementChanged(agreementId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: complianceKey(agreementId) }),
      queryClient.invalidateQueries({ queryKey: agreementRequirementsKey(agreementId) }),
      // the insurances listed under each property of the agreement show the approval too
      queryClient.invalidateQueries({ queryKey: ['agreementProperty', agreementId] }),
    ]);
}

/** `PUT` sets the agreement's own list (the override); `DELETE` returns to its property types' lists. */
export function useOverrideRequirements(agreementId: string) {
  const changed = useOnAgreementChanged(agreementId);
  return useMutation({
    mutationFn: (requirements: TRequirement[]) =>
      apiFetch<TAgreementRequirements>(`/Insurance/Requirements/Agreements/${enc(agreementId)}`, { method: 'PUT', body: { requirements } }),
    onSuccess: changed,
  });
}

export function useClearRequirementsOverride(agreementId: string) {
  const changed = useOnAgreementChanged(agreementId);
  return useMutation({
    mutationFn: () => apiFetch<TAgreementRequirements>(`/Insurance/Requirements/Agreements/${enc(agreementId)}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function usePropertyTypeRequirements(propertyTypeId: string) {
  return useQuery({
    queryKey: propertyTypeRequirementsKey(propertyTypeId),
    queryFn: () => apiFetch<{ requirements: TRequirement[] }>(`/Insurance/Requirements/PropertyTypes/${enc(propertyTypeId)}`),
  });
}

export function useSavePropertyTypeRequirements(propertyTypeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requirements: TRequirement[]) =>
      apiFetch<{ requirements: TRequirement[] }>(`/Insurance/Requirements/PropertyTypes/${enc(propertyTypeId)}`, { method: 'PUT', body: { requirements } }),
    // every agreement's inherited list may change: drop the cached ones
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['insuranceRequirements'] }),
  });
}

export function useApproveCertificate(agreementId: string) {
  const changed = useOnAgreementChanged(agreementId);
  return useMutation({
    mutationFn: (insuranceId: string) => apiFetch<TInsurance>(`/Insurances/${enc(insuranceId)}/Approve`, { method: 'POST' }),
    onSuccess: changed,
  });
}

export function useRejectCertificate(agreementId: string) {
  const changed = useOnAgreementChanged(agreementId);
  return useMutation({
    mutationFn: ({ insuranceId, reason }: { insuranceId: string; reason: string }) =>
      apiFetch<TInsurance>(`/Insurances/${enc(insuranceId)}/Reject`, { method: 'POST', body: { reason } }),
    onSuccess: changed,
  });
}

/** What a tenant sends with the certificate file (dollars, ISO dates). */
export interface TTenantCertificateValues {
  insuranceTypeId: string;
  carrier: string;
  policyNumber: string;
  perOccurrenceLimit: number;
  aggregateLimit: number;
  additionalInsured: boolean;
  waiverOfSubrogation: boolean;
  startDate: string;
  endDate: string;
}

/** `POST Company/Agreements/{id}/Certificates` (multipart): the record comes back Pending approval. */
export function useUploadTenantCertificate(agreementId: string) {
  const changed = useOnAgreementChanged(agreementId);
  return useMutation({
    mutationFn: ({ values, file }: { values: TTenantCertificateValues; file: File }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(values)) form.append(name, String(value));
      // the file goes last: the server reads the fields before it streams the file
      form.append('file', file, file.name);
      return apiFetch<TInsurance>(`/Company/Agreements/${enc(agreementId)}/Certificates`, { method: 'POST', body: form });
    },
    onSuccess: changed,
  });
}
