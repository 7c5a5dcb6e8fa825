import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TAttachment, TAttachmentOwner, TRemark, ZRemarkCreate } from '@apron/core/attachments';
import { apiFetch } from '../lib/api-client';

/**
 * The calls of a record's documents and remarks (components/documents.tsx, remarks.tsx): both
 * are lists owned by one record (`ownerType`, `ownerId`), added to and deleted one by one.
 */
export interface TOwnerRef {
  ownerType: TAttachmentOwner;
  ownerId: string;
}

export interface TAttachmentType {
  _id: string;
  name: string;
}

/** What a record's documents and remarks are stored under, and their list's cache key. */
const NOTE_KINDS = {
  documents: { path: '/Attachments', key: 'attachments' },
  remarks: { path: '/Remarks', key: 'remarks' },
} as const;
export type TNoteKind = keyof typeof NOTE_KINDS;

export function notesQueryKey(kind: TNoteKind, owner: TOwnerRef): readonly unknown[] {
  return [NOTE_KINDS[kind].key, owner.ownerType, owner.ownerId];
}

/** The record's documents or remarks (`POST <path>/List` with the owner). */
export function useRecordNotes<T>(kind: TNoteKind, owner: TOwnerRef) {
  return useQuery({
    queryKey: notesQueryKey(kind, owner),
    queryFn: () => apiFetch<T[]>(`${NOTE_KINDS[kind].path}/List`, { method: 'POST', body: owner }),
  });
}

/** Deletes one; the list reloads. The answer's message is the toast. */
export function useDeleteRecordNote(kind: TNoteKind, owner: TOwnerRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message?: string }>(`${NOTE_KINDS[kind].path}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notesQueryKey(kind, owner) }),
  });
}

export function useAttachmentTypes() {
  return useQuery({ queryKey: ['attachmentTypes'], queryFn: () => apiFetch<TAttachmentType[]>('/AttachmentTypes'), staleTime: 5 * 60_000 });
}

/** Uploads one file as a document of the record, with its document type. */
export function useUploadDocument(owner: TOwnerRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, typeId }: { file: File; typeId: string }) => {
      const form = new FormData();
      form.set('ownerType', owner.ownerType);
      form.set('ownerId', owner.ownerId);
      form.set('typeId', typeId);
      form.set('file', file);
      return apiFetch<TAttachment>('/Attachments', { method: 'POST', body: form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notesQueryKey('documents', owner) }),
  });
}

export function useAddRemark(owner: TOwnerRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof ZRemarkCreate>) => apiFetch<TRemark>('/Remarks', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notesQueryKey('remarks', owner) }),
  });
}
