import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MuiTextField from '@mui/material/TextField';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_ACCEPT, type TAttachment, type TAttachmentOwner } from '@apron/core/attachments';
import { formatDate } from '@apron/core/dates';
import { apiFetch } from '../lib/api-client';
import { useNotify, SUCCESS_TEXT } from '../lib/notify';
import { ConfirmDialog } from './confirm-dialog';
import { FileUpload } from './file-upload';

export interface TOwnerRef {
  ownerType: TAttachmentOwner;
  ownerId: string;
}

interface TAttachmentType {
  _id: string;
  name: string;
}

export function documentsQueryKey(owner: TOwnerRef): readonly unknown[] {
  return ['attachments', owner.ownerType, owner.ownerId];
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The documents of one record: list, download, upload with a document type, delete. */
export function Documents({ ownerType, ownerId, canDelete }: TOwnerRef & { canDelete: boolean }) {
  const owner: TOwnerRef = { ownerType, ownerId };
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [typeId, setTypeId] = useState('');
  const [typeError, setTypeError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<TAttachment | null>(null);

  const list = useQuery({
    queryKey: documentsQueryKey(owner),
    queryFn: () => apiFetch<TAttachment[]>('/Attachments/List', { method: 'POST', body: owner }),
  });
  const types = useQuery({
    queryKey: ['attachmentTypes'],
    queryFn: () => apiFetch<TAttachmentType[]>('/AttachmentTypes'),
    staleTime: 5 * 60_000,
  });

  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('ownerType', ownerType);
      form.set('ownerId', ownerId);
      form.set('typeId', typeId);
      form.set('file', file);
      return apiFetch<TAttachment>('/Attachments', { method: 'POST', body: form });
    },
    onSuccess: () => {
      notify.success(SUCCESS_TEXT.added);
      return queryClient.invalidateQueries({ queryKey: documentsQueryKey(owner) });
    },
    onError: (error) => notify.error(error),
  });

  const remove = useMutation({
    mutationFn: (id: string) => apiFetch<{ message?: string }>(`/Attachments/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (body) => {
      setToDelete(null);
      notify.success(body?.message ?? 'Deleted Successfully');
      return queryClient.invalidateQueries({ queryKey: documentsQueryKey(owner) });
    },
    onError: (error) => notify.error(error),
  });

  const typeOptions = types.data ?? [];
  function handleFile(file: File) {
    if (typeOptions.length > 0 && !typeId) {
      setTypeError('Document Type is required');
      return;
    }
    setTypeError(null);
    upload.mutate(file);
  }

  const rows = list.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`documents-${ownerId}`} sx={{ p: 2 }}>
      <Typography id={`documents-${ownerId}`} variant="h6" component="h2" gutterBottom>
        Documents
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' }, mb: 2 }}>
        <MuiTextField
          select
          label="Document Type"
          value={typeId}
          onChange={(event) => setTypeId(event.target.value)}
          error={!!typeError}
          helperText={typeError ?? undefined}
          size="small"
          sx={{ minWidth: 220 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Select One</option>
          {typeOptions.map((type) => (
            <option key={type._id} value={type._id}>
              {type.name}
            </option>
          ))}
        </MuiTextField>
        <FileUpload label="Upload Document" accept={DOCUMENT_ACCEPT} onFile={handleFile} disabled={upload.isPending} />
      </Stack>
      {list.isPending ? (
        <Typography color="text.secondary">Loading documents</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">No documents</Typography>
      ) : (
        <List dense aria-label="Documents">
          {rows.map((doc) => (
            <ListItem
              key={doc._id}
              divider
              secondaryAction={
                canDelete && doc.abilities?.delete !== false ? (
                  <IconButton edge="end" aria-label={`Delete ${doc.name}`} onClick={() => setToDelete(doc)}>
                    <DeleteIcon />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <Link href={`/api/Attachments/${encodeURIComponent(doc._id)}`} download={doc.name}>
                    {doc.name}
                  </Link>
                }
                secondary={
                  <Box component="span">
                    {[doc.typeName, formatDate(doc.createdAt), doc.createdBy, formatSize(doc.size)].filter(Boolean).join(' · ')}
                  </Box>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Document"
        message={`Delete ${toDelete?.name ?? 'this document'}? This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete._id)}
      />
    </Paper>
  );
}
