import { describe, expect, it } from 'vitest';
import { compactColumns, type TCompactBreakpoint } from '../../components/compact-columns';
import { GRID_ROOM, INVOICE_COMPACT, invoiceColumns, type TGridWidth } from './invoice-columns';

const BELOW: Record<TGridWidth, TCompactBreakpoint | null> = { desktop: null, laptop: 'lg', tablet: 'md', phone: 'sm' };

function columnsAt(width: TGridWidth, withCompany: boolean) {
  const columns = invoiceColumns({ withCompany });
  const breakpoint = BELOW[width];
  const keep = breakpoint ? INVOICE_COMPACT.keep[breakpoint] : undefined;
  if (!keep) return columns;
  // What a person sees: the columns the width keeps (the folded ones stay in the grid, hidden).
  const compact = compactColumns(columns, keep);
  return compact.columns.filter((column) => !compact.hidden.includes(column.field));
}

describe('invoice grid columns', () => {
  it.each(Object.keys(BELOW) as TGridWidth[])('fit the room the page gives them on a %s, with or without the company column', (width) => {
    for (const withCompany of [true, false]) {
      const least = columnsAt(width, withCompany).reduce((sum, column) => sum + (column.minWidth ?? 100), 0);
      expect(least).toBeLessThanOrEqual(GRID_ROOM[width]);
    }
  });

  it('shows every spec column, Amount Paid included, on a desktop (1,280-1,400 px windows)', () => {
    expect(columnsAt('desktop', true).map((c) => c.headerName)).toEqual([
      'Invoice Name', 'Invoice Number', 'Company', 'Payment Date', 'Due Date', 'Status', 'Amount Due', 'Amount Total', 'Amount Paid',
    ]);
  });

  it('keeps name, status and what is due as columns on a phone, the others shown under the name', () => {
    const columns = columnsAt('phone', true);
    expect(columns.map((c) => c.field)).toEqual(['name', 'status', 'amountDue']);
    expect(columns[0]?.renderCell).toBeDefined();
  });
});
