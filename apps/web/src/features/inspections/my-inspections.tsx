import { useNavigate } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import type { TInspection } from '@apron/core/inspections';
import { DataGrid } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { MY_INSPECTIONS_PATH } from './api';
import { inspectionColumns } from './inspection-columns';

const masterColumn: GridColDef<TInspection> = { field: 'masterName', headerName: 'Inspection', flex: 1, minWidth: 160, sortable: false };

/** An inspector's own inspections (GetAllMyInspections): view, fill and complete. */
export function MyInspections() {
  const navigate = useNavigate();
  const columns = inspectionColumns({ onFill: (row) => navigate(`/inspection/my/${encodeURIComponent(row._id)}`) });
  return (
    <>
      <PageHeader title="My Inspections" backTo="/" backLabel="Back to home" />
      <DataGrid<TInspection>
        path={MY_INSPECTIONS_PATH}
        ariaLabel="My inspections"
        columns={[columns[0]!, masterColumn, ...columns.slice(1).filter((c) => c.field !== 'name' && c.field !== 'email')]}
        initialSort={[{ field: 'createdDate', sort: 'desc' }]}
        searchable
      />
    </>
  );
}
