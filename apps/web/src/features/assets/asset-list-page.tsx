import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import {
  getGridBooleanOperators, getGridDateOperators, getGridNumericOperators, getGridSingleSelectOperators, getGridStringOperators,
  type GridColDef, type GridFilterModel, type GridFilterOperator,
} from '@mui/x-data-grid';
import { useParams } from 'react-router';
import { ASSET_FILTER_OPERATORS, ASSET_MESSAGES, type TAssetField, type TAssetGridRow, type TMasterAsset } from '@apron/core/assets/index';
import { calendarDayOf, parseCalendarDay } from '@apron/core/common/calendar';
import { formatDate } from '@apron/core/dates';
import { DataGrid } from '../../components/data-grid';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { ASSET_LIST_PATH, useMasterAssets } from './api';
import { AssetFormPanel } from './asset-form-panel';

/** 'YYYY-MM-DD' as a local calendar day (no time-zone shift). */
const localDay = (value: unknown): Date | null => (typeof value === 'string' ? parseCalendarDay(value) : null);

const only = (operators: GridFilterOperator[], allowed: readonly string[]) => operators.filter((operator) => allowed.includes(operator.value));

/** A configured field as a grid column: booleans Yes/No, dates a local date or '-', domain values as options. */
function fieldColumn(field: TAssetField): GridColDef<TAssetGridRow> {
  const base = { field: field.fieldName, headerName: field.fieldLabel, flex: 1, minWidth: 130 };
  if (field.domainvalues.length > 0) {
    return { ...base, type: 'singleSelect', valueOptions: [...field.domainvalues], filterOperators: only(getGridSingleSelectOperators(), ['is']) };
  }
  switch (field.fieldType) {
    case 'Boolean':
      return { ...base, type: 'boolean', valueFormatter: (value: unknown) => (value ? 'Yes' : 'No'), renderCell: ({ value }) => (value ? 'Yes' : 'No'), filterOperators: getGridBooleanOperators() };
    case 'Date':
      return {
        ...base,
        type: 'date',
        valueGetter: (value: unknown) => localDay(value),
        valueFormatter: (value: Date | null) => (value ? value.toLocaleDateString() : '-'),
        filterOperators: only(getGridDateOperators(), ASSET_FILTER_OPERATORS.Date),
      };
    case 'Number':
      return { ...base, type: 'number', filterOperators: only(getGridNumericOperators(), ASSET_FILTER_OPERATORS.Number) };
    default:
      return { ...base, filterOperators: only(getGridStringOperators(), ASSET_FILTER_OPERATORS.String), valueFormatter: (value: unknown) => (value === null || value === '' ? '-' : String(value)) };
  }
}

/** The grid's one filter item as GetAssets' filterField / filterOperator / filterValue. */
export function assetFilterQuery(master: TMasterAsset | undefined, model: GridFilterModel): Record<string, string | undefined> {
  const item = model.items.find((candidate) => candidate.value !== undefined && candidate.value !== null && candidate.value !== '');
  if (!item) return {};
  const field = master?.fields.find((candidate) => candidate.fieldName === item.field);
  if (item.field === 'status') return { filterField: 'status', filterOperator: 'is', filterValue: String(item.value) };
  if (!field) return {};
  const value = item.value instanceof Date ? calendarDayOf(item.value) : String(item.value);
  // A domain-value column filters by 'is': equality of its type.
  const operator = item.operator === 'is' && field.fieldType === 'String' ? 'equals' : item.operator === 'is' && field.fieldType === 'Number' ? '=' : item.operator;
  return { filterField: field.fieldName, filterOperator: operator, filterValue: value };
}

/** `asset/assetList/{id}`: one type's assets, paged, sorted and filtered by its configured fields on the server. */
export function AssetListPage() {
  const { id = '' } = useParams();
  const masters = useMasterAssets();
  const [panel, setPanel] = useState<{ assetId: string | null } | null>(null);
  const master = masters.data?.find((candidate) => candidate._id === id);

  if (masters.isPending) return <Loader />;
  if (masters.isError) return <Alert severity="error">{ASSET_MESSAGES.loadFailed}</Alert>;
  if (!master) {
    return (
      <>
        <PageHeader title="Assets" backTo="/asset" />
        <Alert severity="error">{ASSET_MESSAGES.invalidId}</Alert>
      </>
    );
  }
  const columns: GridColDef<TAssetGridRow>[] = [
    {
      field: 'action',
      headerName: 'Action',
      sortable: false,
      filterable: false,
      width: 80,
      renderCell: ({ row }) => (
        <IconButton aria-label={`Edit asset ${row.assetnumber}`} size="small" onClick={() => setPanel({ assetId: row._id })}>
          <EditIcon fontSize="small" />
        </IconButton>
      ),
    },
    ...master.fields.filter((field) => field.showOnGrid).map(fieldColumn),
    { field: 'status', headerName: 'Asset Status', type: 'boolean', width: 120, renderCell: ({ value }) => (value ? 'Active' : 'Inactive'), filterOperators: getGridBooleanOperators() },
    { field: 'createdAt', headerName: 'Created On', width: 130, filterable: false, valueFormatter: (value: string) => formatDate(value) },
  ];
  return (
    <>
      <PageHeader
        title={master.name}
        subtitle={master.description}
        backTo="/asset"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setPanel({ assetId: null })} disabled={!master.status}>
            Add New Asset
          </Button>
        }
      />
      <DataGrid<TAssetGridRow>
        key={master._id}
        path={ASSET_LIST_PATH}
        filters={{ assetId: master._id }}
        columns={columns}
        ariaLabel={`${master.name} assets`}
        initialSort={[{ field: 'createdAt', sort: 'desc' }]}
        filterToQuery={(model) => assetFilterQuery(master, model)}
      />
      {panel && (
        <AssetFormPanel
          assetId={panel.assetId}
          masters={masters.data}
          initialType={master._id}
          onClose={() => setPanel(null)}
        />
      )}
    </>
  );
}
