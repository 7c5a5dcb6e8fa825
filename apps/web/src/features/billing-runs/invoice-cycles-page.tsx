import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { describeCron } from '@apron/core/settings';
import { CrudSection } from '../../components/crud-section';
import { useInvoiceCycles, type TInvoiceCycleRow } from './api/invoice-cycles';

/** Where a cycle's next run is previewed (and run, held) from. */
export const previewPath = (cycleId: string) => `/invoices/cycles/${encodeURIComponent(cycleId)}/preview`;

/**
 * `/invoices/cycles`: the invoice cycles as Invoices staff see them (Settings keeps their editing),
 * each with "Preview next run". Reached from the Invoices page.
 */
export function InvoiceCyclesPage() {
  const cycles = useInvoiceCycles();
  return (
    <CrudSection<TInvoiceCycleRow>
      title="Invoice cycles"
      frame="page"
      backTo="/invoices"
      query={cycles}
      rowLabel={(row) => row.name}
      emptyText="No invoice cycles yet: Settings adds them."
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Schedule', cell: (row) => (row.expression ? describeCron(row.expression) : ''), hideOnPhone: true },
        { header: 'Due Days', cell: (row) => row.dueDays ?? '', hideOnPhone: true },
        {
          header: 'Next run',
          cell: (row) => (
            <Button component={RouterLink} to={previewPath(row._id)} size="small" aria-label={`Preview next run of ${row.name}`}>
              Preview next run
            </Button>
          ),
        },
      ]}
    />
  );
}
