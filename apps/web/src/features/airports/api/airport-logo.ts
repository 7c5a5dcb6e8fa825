import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAirport } from '@apron/core/airports';
import { apiFetch } from '../../../lib/api-client';
import { APP_CONFIG_QUERY_KEY } from '../../../lib/session';

/**
 * An airport's logo: upload (or replace) and remove. Either changes the top bar's logo (the app
 * configuration) and the airports list, so both reload.
 */
export function useAirportLogo(airportId: string) {
  const queryClient = useQueryClient();
  const url = `/Airports/${encodeURIComponent(airportId)}/Logo`;
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: APP_CONFIG_QUERY_KEY });
    await queryClient.invalidateQueries({ queryKey: ['airports'] });
  };
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiFetch<TAirport>(url, { method: 'PUT', body });
    },
    onSuccess: reload,
  });
  const remove = useMutation({ mutationFn: () => apiFetch<TAirport>(url, { method: 'DELETE' }), onSuccess: reload });
  return { upload, remove };
}
