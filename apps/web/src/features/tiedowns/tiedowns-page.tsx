import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useNavigate } from 'react-router';
import { hasModule } from '@apron/core/access';
import { calendarDayOf, monthOf } from '@apron/core/common/calendar';
import { formatDate } from '@apron/core/dates';
import { formatMoney } from '@apron/core/money-format';
import { AIRCRAFT_TYPES, isCalendarDate } from '@apron/core/tiedowns/rules';
import type { TTiedown } from '@apron/core/tiedowns';
import type { TCompactLayout } from '../../components/compact-columns';
import { DataGrid } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { TIEDOWN_GRID_PATH, useKtrm } from './api';

const money = (dollars: number) => formatMoney(Math.round(dollars * 100));

const columns: GridColDef<TTiedown>[] = [
  { field: 'firstName', headerName: 'First Name', minWidth: 120, flex: 1 },
  { field: 'lastName', headerName: 'Last Name', minWidth: 120, flex: 1 },
  { field: 'email', headerName: 'Email', minWidth: 180, flex: 1.2 },
  { field: 'phone', headerName: 'Phone #', minWidth: 120 },
  { field: 'beginDate', headerName: 'Arrival Date', minWidth: 120, valueFormatter: (value: string) => formatDate(value) },
  { field: 'endDate', headerName: 'Departure Date (estimated)', minWidth: 200, valueFormatter: (value: string) => formatDate(value) },
  { field: 'airCraftType', headerName: 'Aircraft Type', minWidth: 200 },
  { field: 'airCraftNum', headerName: 'Aircraft Number', minWidth: 140 },
  { field: 'vehicleNum', headerName: 'Vehicle #', minWidth: 110 },
  { field: 'amount', headerName: 'Amount', minWidth: 110, align: 'right', headerAlign: 'right', valueFormatter: (value: number) => money(value) },
  {
    field: 'invoice',
    headerName: 'View Invoice',
    minWidth: 130,
    sortable: false,
    renderCell: ({ row }) =>
      row.invoice ? (
        <Button
          size="small"
          component={RouterLink}
          // Invoices staff open the invoice; others see it (the receipt) on the request's page.
          to={row.abilities.viewInvoice ? `/invoices/${encodeURIComponent(row.invoice)}` : `/tiedown/${encodeURIComponent(row._id)}`}
          onClick={(event) => event.stopPropagation()}
        >
          {row.invoiceNumber ? `#${row.invoiceNumber}` : 'View'}
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary" component="span">
          No charge
        </Typography>
      ),
  },
];
const COMPACT: TCompactLayout = { keep: { sm: ['lastName', 'beginDate', 'airCraftNum'] } };

/** This month on the browser's calendar. */
function monthRange(): { from: string; to: string } {
  const { first, last } = monthOf(calendarDayOf(new Date()));
  return { from: first, to: last };
}

/**
 * `/tiedown` (issue 11 item 3): Tiedown staff see every request, anyone else signed in the ones
 * they made (the server scopes the list). Filters: arrival range, aircraft type, text; the Ktrm
 * counts per aircraft type for the same range (staff only).
 */
export function TiedownsPage() {
  const navigate = useNavigate();
  const { user } = useAccess();
  const isStaff = hasModule(user, 'Tiedown');
  // No dates: every request (newest arrival first); the counts then show the current month.
  const [range, setRange] = useState({ from: '', to: '' });
  const [type, setType] = useState('');
  const from = isCalendarDate(range.from) ? range.from : undefined;
  const to = isCalendarDate(range.to) ? range.to : undefined;
  const validRange = !from || !to || from <= to;
  const filters = { from: validRange ? from : undefined, to: validRange ? to : undefined, airCraftType: type || undefined };
  const month = monthRange();
  const counted = { start: from ?? (to && to < month.from ? to : month.from), end: to ?? (from && from > month.to ? from : month.to) };

  return (
    <>
      <PageHeader
        title={isStaff ? 'Transient Parking' : 'My Transient Parking'}
        backTo="/"
        backLabel="Back to home"
        actions={
          <Button component={RouterLink} to="/tiedown/create" variant="contained" startIcon={<AddIcon />}>
            Add Transient Parking
          </Button>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <TextField label="Arrival from" type="date" size="small" value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField
          label="Arrival to"
          type="date"
          size="small"
          value={range.to}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!validRange}
          helperText={validRange ? undefined : 'Choose a start on or before the end'}
        />
        <TextField select label="Aircraft Type" size="small" value={type} onChange={(e) => setType(e.target.value)} sx={{ minWidth: 220 }}>
          <MenuItem value="">All types</MenuItem>
          {AIRCRAFT_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={() => setRange({ from: '', to: '' })}>All dates</Button>
      </Stack>
      {isStaff && validRange && <KtrmCounts start={counted.start} end={counted.end} />}
      <DataGrid<TTiedown>
        path={TIEDOWN_GRID_PATH}
        ariaLabel="Transient parking requests"
        columns={columns}
        compact={COMPACT}
        filters={filters}
        searchable
        searchLabel="Search name, e-mail, phone, aircraft"
        initialSort={[{ field: 'beginDate', sort: 'desc' }]}
        onRowClick={(row) => navigate(`/tiedown/${encodeURIComponent(row._id)}`)}
      />
    </>
  );
}

/** `POST Ktrm` for the chosen range: requests per aircraft type by arrival date. */
function KtrmCounts({ start, end }: { start: string; end: string }) {
  const counts = useKtrm({ start, end });
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} component="section" aria-label="Requests per aircraft type">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Requests per aircraft type, arriving {formatDate(start)} – {formatDate(end)}
      </Typography>
      {counts.isPending ? (
        <Typography variant="body2" color="text.secondary">
          Loading…
        </Typography>
      ) : counts.isError ? (
        <Typography variant="body2" color="error">
          {errorMessage(counts.error)}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {Object.entries(counts.data).map(([name, n]) => (
            <Chip key={name} label={`${name}: ${n}`} variant={n ? 'filled' : 'outlined'} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
