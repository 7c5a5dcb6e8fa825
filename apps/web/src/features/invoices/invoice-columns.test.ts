import { describe, expect, it } from 'vitest';
import { GRID_ROOM, invoiceColumns, type TGridWidth } from './invoice-columns';

const WIDTHS: TGridWidth[] = ['desktop', 'laptop', 'tablet', 'phone'];

describe('invoice grid columns', () => {
  it.each(WIDTHS)('fit the room the page gives them on a %s, with or without the company column', (width) => {
    for (const withCompany of [true, false]) {
      const columns = invoiceColumns({ withCompany, width });
      const least = columns.reduce((sum, column) => sum + (column.minWidth ?? 100), 0);
      expect(least).toBeLessThanOrEqual(GRID_ROOM[width]);
    }
  });

  it('shows every spec column, Amount Paid included, on a desktop (1,280-1,400 px windows)', () => {
    expect(invoiceColumns({ withCompany: true, width: 'desktop' }).map((c) => c.headerName)).toEqual([
      'Invoice Name', 'Invoice Number', 'Company', 'Payment Date', 'Due Date', 'Status', 'Amount Due', 'Amount Total', 'Amount Paid',
    ]);
  });

  it('keeps name, status and what is due on a phone', () => {
    expect(invoiceColumns({ withCompany: true, width: 'phone' }).map((c) => c.field)).toEqual(['name', 'status', 'amountDue']);
  });
});
