import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TAgreement,
  TAgreementProperty,
  TAgreementPropertyDetail,
  TAgreementPropertyOption,
  TAgreementValues,
  TAircraft,
  TInsurance,
  ZInsuranceUpdate,
  TSecurityDeposit,
  TSecurityDepositValues,
} from '@apron/core/agreements';
import type { TCompanyOption } from '@apron/core/companies';
import type { TMasterRow } from '@apron/core/settings';
import { listQueryKey } from '../../components/data-grid';
import { apiFetch } from '../../lib/api-client';

export const AGREEMENT_GRID_PATH = '/Agreements';
const enc = encodeURIComponent;

export function companyAgreementsPath(companyId: string): string {
  return `/Company/Agreements/${enc(companyId)}`;
}

export const agreementKey = (id: string): readonly unknown[] => ['agreement', id];
export const agreementPropertiesKey = (id: string): readonly unknown[] => ['agreementProperties', id];
export const agreementPropertyKey = (agreementId: string, propertyId: string): readonly unknown[] => ['agreementProperty', agreementId, propertyId];

export function useAgreement(id: string) {
  return useQuery({ queryKey: agreementKey(id), queryFn: () => apiFetch<TAgreement>(`/Agreements/${enc(id)}`) });
}

export function useSaveAgreement(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAgreementValues) =>
      id ? apiFetch<TAgreement>(`/Agreements/${enc(id)}`, { method: 'PUT', body }) : apiFetch<TAgreement>('/Agreements', { method: 'POST', body }),
    onSuccess: (agreement) => {
      queryClient.setQueryData(agreementKey(agreement._id), agreement);
      // the company's grid shares the 'list' prefix with its own path
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: listQueryKey(AGREEMENT_GRID_PATH) }),
        queryClient.invalidateQueries({ queryKey: listQueryKey(companyAgreementsPath(agreement.tenantId)) }),
        queryClient.invalidateQueries({ queryKey: agreementPropertiesKey(agreement._id) }),
      ]);
    },
  });
}

/** Select lists of the form; staff only (a tenant sees the names the agreement carries). */
export function useAgreementOptions(enabled: boolean) {
  const opts = { enabled, staleTime: 5 * 60_000 };
  const cycles = useQuery({ queryKey: ['invoiceCycles'], queryFn: () => apiFetch<TMasterRow[]>('/InvoiceCycles'), ...opts });
  const paymentTypes = useQuery({ queryKey: ['paymentTypes'], queryFn: () => apiFetch<TMasterRow[]>('/PaymentTypes'), ...opts });
  const owners = useQuery({ queryKey: ['companiesActive'], queryFn: () => apiFetch<TCompanyOption[]>('/Company/Active'), ...opts });
  return { cycles, paymentTypes, owners };
}

export function useInsuranceTypes(enabled: boolean) {
  return useQuery({ queryKey: ['insuranceTypes'], queryFn: () => apiFetch<TMasterRow[]>('/InsuranceTypes'), enabled, staleTime: 5 * 60_000 });
}

export function useAgreementProperties(agreementId: string) {
  return useQuery({
    queryKey: agreementPropertiesKey(agreementId),
    queryFn: () => apiFetch<TAgreementProperty[]>(`/Agreements/Properties/${enc(agreementId)}`),
  });
}

export function usePropertyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['agreementPropertyOptions'],
    queryFn: () => apiFetch<TAgreementPropertyOption[]>('/Agreements/PropertyList/All'),
    enabled,
  });
}

function useOnPropertiesChanged(agreementId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: agreementPropertiesKey(agreementId) }),
      queryClient.invalidateQueries({ queryKey: ['agreementPropertyOptions'] }),
    ]);
}

export function useAddAgreementProperty(agreementId: string) {
  const changed = useOnPropertiesChanged(agreementId);
  return useMutation({
    mutationFn: (propertyId: string) =>
      apiFetch<TAgreementProperty>(`/Agreements/Properties/${enc(agreementId)}/${enc(propertyId)}`, { method: 'POST' }),
    onSuccess: changed,
  });
}

export function useRemoveAgreementProperty(agreementId: string) {
  const changed = useOnPropertiesChanged(agreementId);
  return useMutation({
    mutationFn: (propertyId: string) =>
      apiFetch<{ message: string }>(`/Agreements/Properties/${enc(agreementId)}/${enc(propertyId)}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useAgreementPropertyDetail(agreementId: string, propertyId: string) {
  return useQuery({
    queryKey: agreementPropertyKey(agreementId, propertyId),
    queryFn: () => apiFetch<TAgreementPropertyDetail>(`/Agreements/Properties/${enc(agreementId)}/${enc(propertyId)}`),
  });
}

/** Any change under one property of the agreement reloads its detail. */
function useOnDetailChanged(agreementId: string, propertyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agreementPropertyKey(agreementId, propertyId) });
}

export function useSaveDeposit(agreementId: string, propertyId: string) {
  const changed = useOnDetailChanged(agreementId, propertyId);
  return useMutation({
    mutationFn: (body: TSecurityDepositValues) =>
      apiFetch<TSecurityDeposit>(`/Agreements/Security/${enc(agreementId)}/${enc(propertyId)}`, { method: 'POST', body }),
    onSuccess: changed,
  });
}

/** What the staff insurance form sends: core's ZInsuranceUpdate after parsing. */
type TInsuranceBody = z.output<typeof ZInsuranceUpdate>;

/** `POST Insurances/{id}/Certificate` (multipart `file`): the certificate of a saved insurance. */
function uploadCertificate(insuranceId: string, file: File): Promise<TInsurance> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<TInsurance>(`/Insurances/${enc(insuranceId)}/Certificate`, { method: 'POST', body: form });
}

/** Saves the insurance, then its certificate file when one was chosen (it needs the record's id). */
export function useSaveInsurance(agreementId: string, propertyId: string) {
  const changed = useOnDetailChanged(agreementId, propertyId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string | null; body: TInsuranceBody; certificate: File | null; onSaved?: (id: string) => void }) => {
      const { id, body, certificate } = input;
      const saved = id
        ? await apiFetch<TInsurance>(`/Insurance/update/${enc(id)}`, { method: 'PUT', body })
        : await apiFetch<TInsurance>('/Insurance/add', { method: 'POST', body: { ...body, agreementId, propertyId } });
      // the record exists now: if the file is refused, the next Save updates it instead of adding a second
      input.onSaved?.(saved._id);
      return certificate ? uploadCertificate(saved._id, certificate) : saved;
    },
    onSettled: () =>
      Promise.all([
        changed(),
        // the agreement's compliance (insurance feature) reads the same records
        queryClient.invalidateQueries({ queryKey: ['insuranceCompliance', agreementId] }),
      ]),
  });
}

export function useDeleteInsurance(agreementId: string, propertyId: string) {
  const changed = useOnDetailChanged(agreementId, propertyId);
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message: string }>(`/Insurance/${enc(id)}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useSaveAircraft(agreementId: string, propertyId: string) {
  const changed = useOnDetailChanged(agreementId, propertyId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
      id
        ? apiFetch<TAircraft>(`/Aircrafts/${enc(id)}`, { method: 'PUT', body })
        : apiFetch<TAircraft>('/Aircrafts', { method: 'POST', body: { ...body, agreementId, propertyId } }),
    onSuccess: changed,
  });
}

export function useDeleteAircraft(agreementId: string, propertyId: string) {
  const changed = useOnDetailChanged(agreementId, propertyId);
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message: string }>(`/Aircrafts/${enc(id)}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}
