import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateTime } from '@apron/core/dates';
import { ZRemarkCreate, type TRemark } from '@apron/core/attachments';
import type { z } from 'zod';
import { apiFetch } from '../lib/api-client';
import { reportFormError } from '../lib/form-submit';
import { SUCCESS_TEXT, useNotify } from '../lib/notify';
import { ConfirmDialog } from './confirm-dialog';
import { FormDialog } from './form-dialog';
import { TextField } from './form-fields';
import type { TOwnerRef } from './documents';

type TRemarkInput = z.input<typeof ZRemarkCreate>;
type TRemarkOutput = z.output<typeof ZRemarkCreate>;

export function remarksQueryKey(owner: TOwnerRef): readonly unknown[] {
  return ['remarks', owner.ownerType, owner.ownerId];
}

function AddRemarkDialog({ owner, open, onClose }: { owner: TOwnerRef; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const form = useForm<TRemarkInput, unknown, TRemarkOutput>({
    resolver: zodResolver(ZRemarkCreate),
    defaultValues: { ...owner, subject: '', message: '', documents: [] },
  });
  const save = useMutation({
    mutationFn: (body: TRemarkOutput) => apiFetch<TRemark>('/Remarks', { method: 'POST', body }),
    onSuccess: () => {
      notify.success(SUCCESS_TEXT.added);
      form.reset();
      onClose();
      return queryClient.invalidateQueries({ queryKey: remarksQueryKey(owner) });
    },
    onError: (error) => reportFormError(error, form.setError, ZRemarkCreate, notify),
  });
  return (
    <FormDialog open={open} title="Add Remark" onClose={onClose} submitting={save.isPending} onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <TextField control={form.control} name="subject" label="Subject" required autoFocus />
      <TextField control={form.control} name="message" label="Message" required multiline minRows={4} />
    </FormDialog>
  );
}

/** The remarks of one record: newest first, add with subject and message, delete. */
export function Remarks({ ownerType, ownerId, canDelete }: TOwnerRef & { canDelete: boolean }) {
  const owner: TOwnerRef = { ownerType, ownerId };
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<TRemark | null>(null);
  const list = useQuery({
    queryKey: remarksQueryKey(owner),
    queryFn: () => apiFetch<TRemark[]>('/Remarks/List', { method: 'POST', body: owner }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch<{ message?: string }>(`/Remarks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (body) => {
      setToDelete(null);
      notify.success(body?.message ?? 'Deleted Successfully');
      return queryClient.invalidateQueries({ queryKey: remarksQueryKey(owner) });
    },
    onError: (error) => notify.error(error),
  });
  const rows = list.data ?? [];
  const headingId = `remarks-${ownerId}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          Remarks
        </Typography>
        <Button startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add Remark
        </Button>
      </Stack>
      {list.isPending ? (
        <Typography color="text.secondary">Loading remarks</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">No remarks</Typography>
      ) : (
        <List aria-label="Remarks">
          {rows.map((remark) => (
            <ListItem
              key={remark._id}
              divider
              alignItems="flex-start"
              secondaryAction={
                canDelete && remark.abilities?.delete !== false ? (
                  <IconButton edge="end" aria-label={`Delete remark ${remark.subject}`} onClick={() => setToDelete(remark)}>
                    <DeleteIcon />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText
                primary={remark.subject}
                secondary={`${remark.message} — ${remark.createdBy}, ${formatDateTime(remark.createdAt)}`}
                slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {adding && <AddRemarkDialog owner={owner} open={adding} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Remark"
        message={`Delete the remark ${toDelete?.subject ?? ''}? This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete._id)}
      />
    </Paper>
  );
}
