import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { CHAT_LIMITS, isSendableText, type TChatDocument, type TChatMessage } from '@apron/core/chat';
import { UNSUPPORTED_DOCUMENT_MESSAGE, UPLOAD_LIMITS } from '@apron/core/attachments';
import { formatDateTime } from '@apron/core/dates';
import { FileUpload } from '../../components/file-upload';
import { useNotify } from '../../lib/notify';
import { chatDocumentUrl, sendChatMessage, uploadChatDocument, type TChatTarget } from './api';
import { useChatPoll, type TChatStatus } from './use-chat-poll';

/** What the picker offers; the server judges the bytes again (images, PDF, DOC, DOCX). */
const ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.pdf,.doc,.docx,image/png,image/jpeg,image/gif,image/webp,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ALLOWED_NAME = /\.(png|jpe?g|gif|webp|pdf|docx?)$/i;

const STATUS_TEXT: Partial<Record<TChatStatus, string>> = {
  retrying: 'Connection problem: retrying…',
  ended: 'Your session has ended. Sign in again to continue the conversation.',
  unavailable: 'This conversation is not available.',
};

function MessageBubble({ message, mine, target }: { message: TChatMessage; mine: boolean; target: TChatTarget }) {
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', listStyle: 'none' }}>
      <Paper variant="outlined" sx={{ p: 1.25, maxWidth: '85%', bgcolor: mine ? 'action.hover' : 'background.paper', borderColor: mine ? 'primary.light' : undefined }}>
        <Typography variant="caption" color="text.secondary" component="div">
          <strong>{message.sender || message.email}</strong> · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </Typography>
        {message.content && (
          <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.content}
          </Typography>
        )}
        {message.documents.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {message.documents.map((d) => (
              <Link key={d._id} href={chatDocumentUrl(target, d._id)} download={d.name} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                <AttachFileIcon fontSize="small" aria-hidden />
                {d.name}
              </Link>
            ))}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}

export interface TChatPanelProps {
  applicantId: string;
  /** The applicant's private-link token (the applicant's own page); absent for staff. */
  token?: string;
  /** The heading; by default the applicant's name (staff) or 'Messages' (the applicant). */
  title?: string;
  /** Height of the message list (it scrolls); the panel fills its container's width. */
  listHeight?: number | string;
}

/**
 * The conversation between wait-list staff and one applicant (issue 11 item 9): the messages with
 * sender and MM/DD/YYYY HH:mm, new ones within CHAT_POLL_MS without a reload, a text box where
 * Enter sends (Shift+Enter starts a new line) and blank text is never sent, and attachments
 * (images, PDF, DOC, DOCX up to 5 MB, checked here and on the server) that download as the same file.
 * Mounted on `/chat/{id}` (staff) and on the applicant's private queue page.
 */
export function ChatPanel({ applicantId, token, title, listHeight = 420 }: TChatPanelProps) {
  const target: TChatTarget = { applicantId, token };
  const notify = useNotify();
  const { messages, status, header, accept } = useChatPoll(target);
  const [text, setText] = useState('');
  const [attached, setAttached] = useState<TChatDocument[]>([]);
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const asStaff = header?.asStaff ?? !token;
  const closed = status === 'ended' || status === 'unavailable';

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  async function send() {
    if (busy || closed || (!isSendableText(text) && attached.length === 0)) return;
    setBusy(true);
    try {
      const sent = await sendChatMessage(target, text.trim(), attached.map((d) => d._id));
      accept([sent]);
      setText('');
      setAttached([]);
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
    }
  }

  async function upload(file: File) {
    if (!ALLOWED_NAME.test(file.name)) return setFileError(UNSUPPORTED_DOCUMENT_MESSAGE);
    if (attached.length >= CHAT_LIMITS.maxDocuments) return setFileError(`At most ${CHAT_LIMITS.maxDocuments} files in one message`);
    setFileError(null);
    setBusy(true);
    try {
      const document = await uploadChatDocument(target, file);
      setAttached((current) => [...current, document]);
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  const heading = title ?? (asStaff ? (header?.applicantName ?? 'Messages') : 'Messages');
  return (
    <Paper component="section" aria-labelledby={`chat-title-${applicantId}`} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, width: '100%' }}>
      <Typography id={`chat-title-${applicantId}`} variant="h6" component="h2" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {STATUS_TEXT[status] && (
        <Alert severity={closed ? 'warning' : 'info'} sx={{ mb: 1 }}>
          {STATUS_TEXT[status]}
        </Alert>
      )}
      <Box ref={listRef} role="log" aria-live="polite" aria-label="Messages" tabIndex={0} sx={{ p: 1, height: listHeight, overflowY: 'auto', bgcolor: 'grey.50', borderRadius: 1 }}>
        {status === 'loading' && <Typography>Loading…</Typography>}
        {status !== 'loading' && messages.length === 0 && !closed && <Typography color="text.secondary">No messages yet.</Typography>}
        <Box component="ul" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {messages.map((m) => (
            <MessageBubble key={m._id} message={m} mine={m.isAdmin === asStaff} target={target} />
          ))}
        </Box>
      </Box>
      {attached.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }} aria-label="Files to send">
          {attached.map((d) => (
            <Chip key={d._id} label={d.name} size="small" onDelete={() => setAttached((current) => current.filter((x) => x._id !== d._id))} />
          ))}
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Message"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          multiline
          maxRows={5}
          fullWidth
          disabled={closed}
          slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.maxContent } }}
          helperText="Enter sends, Shift+Enter adds a line."
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FileUpload label="Attach" accept={ACCEPT} maxBytes={UPLOAD_LIMITS.maxBytes} disabled={busy || closed} onFile={(file) => void upload(file)} />
          <Button variant="contained" endIcon={<SendIcon />} onClick={() => void send()} disabled={busy || closed || (!isSendableText(text) && attached.length === 0)}>
            Send
          </Button>
        </Stack>
      </Stack>
      {fileError && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 0.5 }}>
          {fileError}
        </Typography>
      )}
    </Paper>
  );
}
