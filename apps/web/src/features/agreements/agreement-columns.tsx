import type { GridColDef } from '@mui/x-data-grid';
import type { TCompactLayout } from '../../components/compact-columns';
import { formatDate } from '@apron/core/dates';
import type { TAgreementGridRow } from '@apron/core/agreements';

const dateCell = (value: string | null | undefined) => (value ? formatDate(value) : 'NA');

/** On a phone: title, end date and status as columns; the others under the title. */
export const AGREEMENT_COMPACT: TCompactLayout = { keep: { sm: ['title', 'endDate', 'status'] } };

/** Agreement Title, Agreement Number, Begin Date, End Date, Status (both agreement grids). */
export function agreementColumns(options: { withOwner: boolean }): GridColDef<TAgreementGridRow>[] {
  const columns: GridColDef<TAgreementGridRow>[] = [
    { field: 'title', headerName: 'Agreement Title', flex: 1.5, minWidth: 180 },
    { field: 'agreementNum', headerName: 'Agreement Number', minWidth: 150 },
    ...(options.withOwner ? [{ field: 'tenantName', headerName: 'Owner', flex: 1, minWidth: 160 } satisfies GridColDef<TAgreementGridRow>] : []),
    { field: 'startDate', headerName: 'Begin Date', minWidth: 120, valueFormatter: (value: string) => dateCell(value) },
    { field: 'endDate', headerName: 'End Date', minWidth: 120, valueFormatter: (value: string | null) => dateCell(value) },
    { field: 'status', headerName: 'Status', minWidth: 120 },
  ];
  return columns;
}
