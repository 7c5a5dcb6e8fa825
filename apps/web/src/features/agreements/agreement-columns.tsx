import type { GridColDef } from '@mui/x-data-grid';
import { formatDate } from '@apron/core/dates';
import type { TAgreementGridRow } from '@apron/core/agreements';

const dateCell = (value: string | null | undefined) => (value ? formatDate(value) : 'NA');

/** Agreement Title, Agreement Number, Begin Date, End Date, Status (both agreement grids). */
export function agreementColumns(options: { withOwner: boolean; isPhone: boolean }): GridColDef<TAgreementGridRow>[] {
  const columns: GridColDef<TAgreementGridRow>[] = [
    { field: 'title', headerName: 'Agreement Title', flex: 1.5, minWidth: 180 },
    { field: 'agreementNum', headerName: 'Agreement Number', minWidth: 150 },
    ...(options.withOwner ? [{ field: 'tenantName', headerName: 'Owner', flex: 1, minWidth: 160 } satisfies GridColDef<TAgreementGridRow>] : []),
    { field: 'startDate', headerName: 'Begin Date', minWidth: 120, valueFormatter: (value: string) => dateCell(value) },
    { field: 'endDate', headerName: 'End Date', minWidth: 120, valueFormatter: (value: string | null) => dateCell(value) },
    { field: 'status', headerName: 'Status', minWidth: 120 },
  ];
  // On a phone: title, end date and status; the rest is on the agreement page.
  return options.isPhone ? columns.filter((c) => ['title', 'endDate', 'status'].includes(c.field)) : columns;
}
