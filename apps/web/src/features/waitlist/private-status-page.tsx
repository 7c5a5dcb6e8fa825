import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { formatDate } from '@apron/core/dates';
import { WAITLIST_MESSAGES } from '@apron/core/waitlist';
import { isApiError } from '../../lib/api-client';
import { Loader } from '../../components/loader';
import { usePrivateStatus } from './api-public';

export interface TPrivateChatSlot {
  applicantId: string;
  /** The private-link token: the chat calls send it as `?token=`. */
  token: string;
}

/**
 * `/waitList/status/:token` (public, from the applicant's e-mail): their current place in the
 * queue. CHAT SLOT (issue 11 item 9): `renderChat` is where `app/` puts the chat panel with the
 * applicant, authorised by the same token.
 */
export function PrivateStatusPage({ renderChat }: { renderChat?: (slot: TPrivateChatSlot) => ReactNode }) {
  const { token = '' } = useParams();
  const status = usePrivateStatus(token);
  if (status.isPending) return <Loader text="Loading your place in the queue" />;
  if (status.isError) {
    return (
      <Typography role="alert">{isApiError(status.error) && status.error.status === 404 ? WAITLIST_MESSAGES.privateLinkInvalid : 'Error Occurred'}</Typography>
    );
  }
  const s = status.data;
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Your place on the wait list
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Your place in the queue">
        <Typography>
          {s.firstName} {s.lastName}, {s.propertyTypeName}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, my: 1 }}>
          <Typography variant="h3" component="p" aria-label={`Number ${s.position} in the queue`}>
            #{s.position}
          </Typography>
          <Typography color="text.secondary">of {s.waiting} waiting</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          Joined {formatDate(s.joinedAt)} · Status {s.status}
        </Typography>
      </Paper>
      {renderChat?.({ applicantId: s.applicantId, token })}
    </>
  );
}
