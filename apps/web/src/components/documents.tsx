import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import { DOCUMENT_ACCEPT, type TAttachment } from '@apron/core/attachments';
import { formatDate } from '@apron/core/dates';
import { useNotify, SUCCESS_TEXT } from '../lib/notify';
import { FileUpload } from './file-upload';
import { RecordNotes } from './record-notes';
import { useAttachmentTypes, useUploadDocument, type TOwnerRef } from './record-notes-api';

export type { TOwnerRef } from './record-notes-api';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Choose a document type (required when there are any), then a file: it uploads at once. */
function DocumentUpload({ owner }: { owner: TOwnerRef }) {
  const notify = useNotify();
  const [typeId, setTypeId] = useState('');
  const [typeError, setTypeError] = useState<string | null>(null);
  const types = useAttachmentTypes();
  const upload = useUploadDocument(owner);
  const typeOptions = types.data ?? [];
  function handleFile(file: File) {
    if (typeOptions.length > 0 && !typeId) {
      setTypeError('Document Type is required');
      return;
    }
    setTypeError(null);
    upload.mutate({ file, typeId }, { onSuccess: () => notify.success(SUCCESS_TEXT.added), onError: (error) => notify.error(error) });
  }
  return (
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
  );
}

/** The documents of one record: list, download, upload with a document type, delete. */
export function Documents({ ownerType, ownerId, canDelete }: TOwnerRef & { canDelete: boolean }) {
  const owner: TOwnerRef = { ownerType, ownerId };
  return (
    <RecordNotes<TAttachment>
      kind="documents"
      owner={owner}
      title="Documents"
      toolbar={<DocumentUpload owner={owner} />}
      loadingText="Loading documents"
      emptyText="No documents"
      canDelete={canDelete}
      deleteLabel={(doc) => `Delete ${doc.name}`}
      confirmTitle="Delete Document"
      confirmMessage={(doc) => `Delete ${doc?.name ?? 'this document'}? This cannot be undone.`}
      primary={(doc) => (
        <Link href={`/api/Attachments/${encodeURIComponent(doc._id)}`} download={doc.name}>
          {doc.name}
        </Link>
      )}
      secondary={(doc) => <Box component="span">{[doc.typeName, formatDate(doc.createdAt), doc.createdBy, formatSize(doc.size)].filter(Boolean).join(' · ')}</Box>}
    />
  );
}
