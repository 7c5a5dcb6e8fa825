import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MuiTextField from '@mui/material/TextField';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { TAgreement, TAgreementProperty } from '@apron/core/agreements';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MoneyText } from '../../components/money-text';
import { errorMessage } from '../../lib/api-client';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useAddAgreementProperty, useAgreementProperties, usePropertyOptions, useRemoveAgreementProperty } from './api';
import { PropertyItemsDialog } from './property-items-dialog';

function AddPropertyRow({ agreementId, taken }: { agreementId: string; taken: ReadonlySet<string> }) {
  const notify = useNotify();
  const options = usePropertyOptions(true);
  const add = useAddAgreementProperty(agreementId);
  const [propertyId, setPropertyId] = useState('');
  const choices = (options.data ?? []).filter((p) => !taken.has(p._id));
  return (
    <Stack
      component="form"
      noValidate
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mb: 1, alignItems: { sm: 'center' } }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!propertyId) return;
        add.mutate(propertyId, {
          onSuccess: () => {
            notify.success(SUCCESS_TEXT.added);
            setPropertyId('');
          },
          // 409 'Property already leased for the period.' comes back as the call's message
          onError: (error) => notify.error(error),
        });
      }}
    >
      <MuiTextField
        select
        size="small"
        label="Property"
        value={propertyId}
        onChange={(event) => setPropertyId(event.target.value)}
        disabled={options.isPending || add.isPending}
        sx={{ minWidth: 260 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{options.isPending ? 'Loading properties' : 'Select One'}</option>
        {choices.map((p) => (
          <option key={p._id} value={p._id}>
            {`${p.name} (${p.status})`}
          </option>
        ))}
      </MuiTextField>
      <Button type="submit" variant="outlined" startIcon={<AddIcon />} disabled={!propertyId || add.isPending}>
        Add Property
      </Button>
    </Stack>
  );
}

/** The properties of an agreement: name and rent, with its details and (Property admins) Remove. */
export function AgreementProperties({ agreement }: { agreement: TAgreement }) {
  const notify = useNotify();
  const { abilities } = agreement;
  const list = useAgreementProperties(agreement._id);
  const remove = useRemoveAgreementProperty(agreement._id);
  const [toRemove, setToRemove] = useState<TAgreementProperty | null>(null);
  const [open, setOpen] = useState<TAgreementProperty | null>(null);
  const rows = list.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-labelledby="agreement-properties-heading">
      <Typography variant="h6" component="h2" id="agreement-properties-heading" sx={{ mb: 1 }}>
        Properties
      </Typography>
      {abilities.addProperty && <AddPropertyRow agreementId={agreement._id} taken={new Set(rows.map((r) => r.propertyId))} />}
      {list.isPending && <Typography color="text.secondary">Loading properties</Typography>}
      {list.isError && <Typography role="alert">{errorMessage(list.error)}</Typography>}
      {list.data && rows.length === 0 && <Typography color="text.secondary">No properties on this agreement yet</Typography>}
      {rows.length > 0 && (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Properties of the agreement">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell align="right">Rent</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row._id} hover>
                  <TableCell>
                    <Button variant="text" onClick={() => setOpen(row)} sx={{ textTransform: 'none', p: 0, minWidth: 0 }}>
                      {row.name}
                    </Button>
                  </TableCell>
                  <TableCell align="right">
                    <MoneyText dollars={row.rent} />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.status}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Deposit, insurances, tenants, documents and remarks">
                      <IconButton aria-label={`Open ${row.name}`} onClick={() => setOpen(row)}>
                        <OpenInNewIcon />
                      </IconButton>
                    </Tooltip>
                    {abilities.removeProperty && (
                      <IconButton aria-label={`Remove ${row.name}`} onClick={() => setToRemove(row)}>
                        <DeleteIcon />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {open && <PropertyItemsDialog agreement={agreement} property={open} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={!!toRemove}
        title="Remove Property"
        message={toRemove ? `Remove ${toRemove.name} from this agreement? Its security deposit, insurances and tenants are removed with it.` : ''}
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() =>
          toRemove &&
          remove.mutate(toRemove.propertyId, {
            onSuccess: () => {
              setToRemove(null);
              notify.success('Removed Successfully');
            },
            onError: (error) => notify.error(error),
          })
        }
      />
    </Paper>
  );
}
