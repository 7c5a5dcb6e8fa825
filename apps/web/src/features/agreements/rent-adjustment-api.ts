import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRentAdjustmentApplied, TRentAdjustmentPreview } from '@apron/core/agreements';
import { apiFetch } from '../../lib/api-client';
import { agreementPropertiesKey } from './api';

const enc = encodeURIComponent;
export const rentAdjustmentKey = (id: string): readonly unknown[] => ['rentAdjustment', id];

/** `GET Agreements/RentAdjustment/{id}/Preview` (Lease staff). */
export function useRentAdjustmentPreview(agreementId: string, enabled: boolean) {
  return useQuery({
    queryKey: rentAdjustmentKey(agreementId),
    queryFn: () => apiFetch<TRentAdjustmentPreview>(`/Agreements/RentAdjustment/${enc(agreementId)}/Preview`),
    enabled,
  });
}

/** `POST Agreements/RentAdjustment/{id}` (Lease admins): refreshes the preview and the rents shown. */
export function useApplyRentAdjustment(agreementId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TRentAdjustmentApplied>(`/Agreements/RentAdjustment/${enc(agreementId)}`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rentAdjustmentKey(agreementId) }),
        queryClient.invalidateQueries({ queryKey: agreementPropertiesKey(agreementId) }),
      ]),
  });
}
