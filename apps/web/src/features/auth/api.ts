import type { TSessionUser } from '@apron/core/access';
import { apiFetch } from '../../lib/api-client';
import type { TAccessResponse } from '../../lib/session';

export interface TAuthorizeResponse extends Partial<TAccessResponse> {
  message?: string;
  returnTo?: string;
  user?: TSessionUser;
}

/**
 * One Authorize call per code, even when React StrictMode runs the effect twice:
 * the promise is shared by code.
 */
const authorizeCalls = new Map<string, Promise<TAuthorizeResponse>>();

export function authorizeOnce(code: string, state: string | null, iss: string | null): Promise<TAuthorizeResponse> {
  let call = authorizeCalls.get(code);
  if (!call) {
    call = apiFetch<TAuthorizeResponse>(`/Authorize/${encodeURIComponent(code)}`, {
      query: { state, iss },
      on401: 'throw',
    });
    authorizeCalls.set(code, call);
  }
  return call;
}
