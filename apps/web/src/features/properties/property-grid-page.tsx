import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isModuleAdmin } from '@apron/core/access';
import { PROPERTY_STATUSES, type TPropertyGridRow } from '@apron/core/properties';
import { DataGrid } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { useAccess } from '../../lib/session';
import { usePropertyTypes } from './api/master-data';
import { PROPERTY_GRID_PATH } from './api/property';

// `propertyType` and `area` sort by name on the server; the cells show the names.
const columns: GridColDef<TPropertyGridRow>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 200 },
  { field: 'address', headerName: 'Address', flex: 1, minWidth: 160 },
  { field: 'propertyType', headerName: 'Property Type', minWidth: 140, valueGetter: (_value, row) => row.propertyTypeName },
  { field: 'area', headerName: 'Area', minWidth: 130, valueGetter: (_value, row) => row.areaName },
  { field: 'status', headerName: 'Status', width: 110 },
];

function FilterSelect({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[] }) {
  return (
    <MuiTextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      sx={{ minWidth: 170 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">All</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </MuiTextField>
  );
}

/** `/properties/listings`: the staff grid, paged, sorted and filtered on the server. */
export function PropertyGridPage({ actions }: { actions?: ReactNode } = {}) {
  const navigate = useNavigate();
  const { user } = useAccess();
  const types = usePropertyTypes();
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const canAdd = isModuleAdmin(user, 'Property');

  return (
    <>
      <PageHeader
        title="Property Listings"
        backTo="/properties"
        actions={
          <>
            {/* Other features' actions (the wait list's Join WaitList), composed by app/. */}
            {actions}
            {canAdd && (
              <Button component={RouterLink} to="/properties/listings/add" variant="contained" startIcon={<AddIcon />}>
                Add Property
              </Button>
            )}
          </>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
        <FilterSelect label="Property Type" value={type} onChange={setType} options={(types.data ?? []).map((t) => ({ value: t._id, label: t.name }))} />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={PROPERTY_STATUSES.map((s) => ({ value: s, label: s }))} />
      </Stack>
      <DataGrid<TPropertyGridRow>
        // a new filter starts again on the first page
        key={`${type}|${status}`}
        path={PROPERTY_GRID_PATH}
        ariaLabel="Property Listings"
        columns={columns}
        filters={{ propertyType: type || undefined, status: status || undefined }}
        searchable
        onRowClick={(row) => navigate(`/properties/listings/${encodeURIComponent(row._id)}`)}
      />
    </>
  );
}
