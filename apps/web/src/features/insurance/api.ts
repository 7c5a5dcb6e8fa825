import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInsurance } from '@apron/core/agreements';
import type { TMasterRow } from '@apron/core/settings';
import { apiFetch } from '../../lib/api-client';

/*
 * Insurance compliance (issue 24) as the web reads it. The shapes mirror the API contract of
 * docs/insurance.md and the names of the schemas branch `coi` adds to @apron/core/agreements
 * (ZRequirement, ZCompliance, ZInsurance, ZComplianceReport): after the merge these local types
 * are replaced by the core ones.
 */

export const COMPLIANCE_STATUSES = ['Compliant', 'Deficient', 'Expiring', 'Expired'] as const;
export type TComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
export type TApprovalStatus = 'Pending' | 'Approved' | 'Rejected';

/** One coverage an agreement must carry: limits in dollars. */
export interface TRequirement {
  insuranceTypeId: string;
  insuranceTypeName: string;
  minPerOccurrence: number;
  minAggregate: number;
  additionalInsuredRequired: boolean;
  waiverOfSubrogationRequired: boolean;
}

export interface TCertificate {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  url: string;
}

/** The existing insurance record with the certificate's fields. */
export type TInsuranceRecord = TInsurance & {
  carrier: string;
  policyNumber: string;
  perOccurrenceLimit: number;
  aggregateLimit: number;
  additionalInsured: boolean;
  waiverOfSubrogation: boolean;
  certificate: TCertificate | null;
  approvalStatus: TApprovalStatus;
  /** Why staff refused the certificate (shown to the tenant). */
  rejectionReason: string | null;
  uploadedByTenant: boolean;
};

export interface TCompliance {
  agreementId: string;
  status: TComplianceStatus;
  problems: string[];
  expiresOn: string | null;
  requirements: TRequirement[];
  insurances: TInsuranceRecord[];
}

export interface TAgreementRequirements {
  overridden: boolean;
  requirements: TRequirement[];
}

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
    mutationFn: (insuranceId: string) => apiFetch<TInsuranceRecord>(`/Insurances/${enc(insuranceId)}/Approve`, { method: 'POST' }),
    onSuccess: changed,
  });
}

export function useRejectCertificate(agreementId: string) {
  const changed = useOnAgreementChanged(agreementId);
  return useMutation({
    mutationFn: ({ insuranceId, reason }: { insuranceId: string; reason: string }) =>
      apiFetch<TInsuranceRecord>(`/Insurances/${enc(insuranceId)}/Reject`, { method: 'POST', body: { reason } }),
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
      return apiFetch<TInsuranceRecord>(`/Company/Agreements/${enc(agreementId)}/Certificates`, { method: 'POST', body: form });
    },
    onSuccess: changed,
  });
}
