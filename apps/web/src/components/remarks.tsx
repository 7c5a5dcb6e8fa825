import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { formatDateTime } from '@apron/core/dates';
import { ZRemarkCreate, type TRemark } from '@apron/core/attachments';
import { SUCCESS_TEXT } from '../lib/notify';
import { RecordNotes } from './record-notes';
import { useAddRemark, type TOwnerRef } from './record-notes-api';
import { SchemaFormDialog } from './schema-form-dialog';

function AddRemarkDialog({ owner, onClose }: { owner: TOwnerRef; onClose: () => void }) {
  const save = useAddRemark(owner);
  return (
    <SchemaFormDialog
      schema={ZRemarkCreate}
      title="Add Remark"
      defaultValues={{ ...owner, subject: '', message: '', documents: [] }}
      fields={[
        { name: 'subject', label: 'Subject', required: true },
        { name: 'message', label: 'Message', kind: 'multiline', required: true, minRows: 4 },
      ]}
      onSave={save.mutateAsync}
      successText={SUCCESS_TEXT.added}
      onClose={onClose}
    />
  );
}

/** The remarks of one record: newest first, add with subject and message, delete. */
export function Remarks({ ownerType, ownerId, canDelete }: TOwnerRef & { canDelete: boolean }) {
  const owner: TOwnerRef = { ownerType, ownerId };
  const [adding, setAdding] = useState(false);
  return (
    <>
      <RecordNotes<TRemark>
        kind="remarks"
        owner={owner}
        title="Remarks"
        headerAction={
          <Button startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add Remark
          </Button>
        }
        loadingText="Loading remarks"
        emptyText="No remarks"
        canDelete={canDelete}
        deleteLabel={(remark) => `Delete remark ${remark.subject}`}
        confirmTitle="Delete Remark"
        confirmMessage={(remark) => `Delete the remark ${remark?.subject ?? ''}? This cannot be undone.`}
        primary={(remark) => remark.subject}
        secondary={(remark) => `${remark.message} — ${remark.createdBy}, ${formatDateTime(remark.createdAt)}`}
        multiline
      />
      {adding && <AddRemarkDialog owner={owner} onClose={() => setAdding(false)} />}
    </>
  );
}
