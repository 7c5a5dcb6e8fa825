import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { isModuleAdmin } from '@apron/core/access';
import { formatDate, formatDateTime } from '@apron/core/dates';
import { formatMoney } from '@apron/core/money-format';
import { TIEDOWN_LIMITS, TIEDOWN_MESSAGES } from '@apron/core/tiedowns/rules';
import type { TTiedownDetail } from '@apron/core/tiedowns';
import { Documents } from '../../components/documents';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { Remarks } from '../../components/remarks';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { useAccess } from '../../lib/session';
import { useAssignSpace, useTiedown } from './api';

const money = (dollars: number) => formatMoney(Math.round(dollars * 100));

function Facts({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, auto) 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Staff assign the parking space (`POST Invoices/TieDown/{id}`). */
function SpaceForm({ tiedown }: { tiedown: TTiedownDetail }) {
  const notify = useNotify();
  const save = useAssignSpace(tiedown._id);
  const [space, setSpace] = useState(tiedown.space);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (space.trim().length > TIEDOWN_LIMITS.space) return setError(`Space must be at most ${TIEDOWN_LIMITS.space} characters`);
    setError(undefined);
    save.mutate(
      { space },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (e) => (isApiError(e) && e.fieldErrors.space ? setError(e.fieldErrors.space) : notify.error(errorMessage(e))),
      },
    );
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' }, mt: 2 }}>
      <TextField label="Space" size="small" value={space} onChange={(e) => setSpace(e.target.value)} error={!!error} helperText={error ?? 'The tie-down space assigned to this aircraft'} />
      <Button type="submit" variant="contained" disabled={save.isPending || space === tiedown.space}>
        Save Space
      </Button>
    </Stack>
  );
}

/**
 * `/tiedown/{id}` (issue 11 item 3: a real page, not the spec's placeholder): the request, its
 * invoice and payment (receipt), the space staff assign, documents and remarks. The server
 * answers 404 for a request that is not the caller's.
 */
export function TiedownPage() {
  const { id = '' } = useParams();
  const { user } = useAccess();
  const query = useTiedown(id);
  if (query.isPending) return <Loader text="Loading the parking request" />;
  if (query.isError) return <RecordLoadError error={query.error} title="Transient Parking" backTo="/tiedown" notFound={TIEDOWN_MESSAGES.notFound} />;
  const t = query.data;
  const receipt = t.receipt;
  const canDelete = isModuleAdmin(user, 'Tiedown');
  return (
    <>
      <PageHeader title={`Transient Parking: ${t.airCraftNum}`} backTo="/tiedown" backLabel="Back to Transient Parking" subtitle={`${t.firstName} ${t.lastName}`} />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="tiedown-request">
          <Typography id="tiedown-request" variant="h6" component="h2" gutterBottom>
            Request
          </Typography>
          <Facts
            rows={[
              ['First Name', t.firstName],
              ['Last Name', t.lastName],
              ['Email', t.email],
              ['Phone #', t.phone],
              ['Arrival Date', formatDate(t.beginDate)],
              ['Departure Date (estimated)', formatDate(t.endDate)],
              ['Nights', String(t.nights)],
              ['Aircraft Type', t.airCraftType],
              ['Aircraft Number', t.airCraftNum],
              ['Vehicle #', t.vehicleNum || 'None'],
              ['Space', t.space || 'Not assigned'],
              ['Requested', formatDateTime(t.createdAt)],
            ]}
          />
          {/* keyed by the saved space: a new answer starts the field from it */}
          {t.abilities.assignSpace && <SpaceForm key={t.space} tiedown={t} />}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="tiedown-invoice">
          <Typography id="tiedown-invoice" variant="h6" component="h2" gutterBottom>
            Invoice and payment
          </Typography>
          {receipt ? (
            <>
              <Facts
                rows={[
                  ['Invoice', t.abilities.viewInvoice ? <RouterLink to={`/invoices/${encodeURIComponent(t.invoice!)}`}>#{receipt.invoiceNumber}</RouterLink> : `#${receipt.invoiceNumber}`],
                  ...receipt.lineItems.map((line): [string, string] => [line.name, `${money(line.charges)} × ${line.amount} = ${money(line.total)}`]),
                  ['Amount paid', money(receipt.amount)],
                  ['Receipt', `#${receipt.receiptNumber}, ${formatDate(receipt.paymentDate)}`],
                  ['Card reference', receipt.reference ?? 'None'],
                ]}
              />
            </>
          ) : (
            <Typography color="text.secondary">No charge: the request was made while online payment was off (amount {money(t.amount)}).</Typography>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Documents ownerType="tiedown" ownerId={t._id} canDelete={canDelete} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Remarks ownerType="tiedown" ownerId={t._id} canDelete={canDelete} />
        </Paper>
      </Stack>
    </>
  );
}
