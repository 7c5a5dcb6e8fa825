import type { TChatDocument, TChatMessage, TChatThread } from '@apron/core/chat';
import { apiFetch, API_BASE } from '../../lib/api-client';

/** Where one conversation lives; `token` is the applicant's private-link token (absent for staff and signed-in applicants). */
export interface TChatTarget {
  applicantId: string;
  token?: string;
}

const base = (target: TChatTarget) => `/Messages/${encodeURIComponent(target.applicantId)}`;

/** The conversation, or only what is new since `since` (a 401 is thrown to the caller: the poll stops). */
export function fetchChat(target: TChatTarget, since: string | undefined, signal?: AbortSignal): Promise<TChatThread> {
  return apiFetch<TChatThread>(base(target), { query: { since, token: target.token }, signal, on401: 'throw' });
}

export function sendChatMessage(target: TChatTarget, content: string, documents: string[]): Promise<TChatMessage> {
  return apiFetch<TChatMessage>(base(target), { method: 'POST', query: { token: target.token }, body: { listId: target.applicantId, content, documents }, on401: 'throw' });
}

export function markChatRead(target: TChatTarget): Promise<{ marked: number }> {
  return apiFetch<{ marked: number }>(`${base(target)}/Read`, { method: 'POST', query: { token: target.token }, on401: 'throw' });
}

export function uploadChatDocument(target: TChatTarget, file: File): Promise<TChatDocument> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<TChatDocument>(`${base(target)}/Documents`, { method: 'POST', query: { token: target.token }, body: form, on401: 'throw' });
}

/** A plain link: the browser downloads the same file (name and bytes) with the session cookie or the token. */
export function chatDocumentUrl(target: TChatTarget, documentId: string): string {
  const url = `${API_BASE}${base(target)}/Documents/${encodeURIComponent(documentId)}`;
  return target.token ? `${url}?token=${encodeURIComponent(target.token)}` : url;
}
