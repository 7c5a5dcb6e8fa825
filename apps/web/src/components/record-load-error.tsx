import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorMessage, isApiError } from '../lib/api-client';
import { NoAccess } from './no-access';
import { PageHeader } from './page-header';

/** A record that does not exist (or that this user may not know exists): its own message and a way home. */
export function NotFoundView({ title }: { title: string }) {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>It may have been removed, or the address is wrong.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Back to Home
      </Button>
    </Box>
  );
}

export interface TRecordLoadErrorProps {
  error: unknown;
  /** The page's title and back link, kept for a failure that is neither 403 nor 404. */
  title: string;
  backTo: string;
  /** What a 404 says, e.g. 'Owner not found'. */
  notFound: string;
  /** A 404 means "not yours" here (another company's ledger): show No Access instead. */
  noAccessOn404?: boolean;
}

/**
 * What a page shows when its main record does not load: 403 -> No Access, 404 -> the record's
 * not-found view, anything else -> the page header and the call's message. Never a half-rendered
 * page with its actions under an error.
 */
export function RecordLoadError({ error, title, backTo, notFound, noAccessOn404 }: TRecordLoadErrorProps) {
  if (isApiError(error) && (error.status === 403 || (noAccessOn404 && error.status === 404))) return <NoAccess />;
  if (isApiError(error) && error.status === 404) return <NotFoundView title={notFound} />;
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <Typography role="alert">{errorMessage(error)}</Typography>
    </>
  );
}
