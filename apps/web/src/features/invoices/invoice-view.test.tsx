import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TInvoice, TLineItem } from '@apron/core/invoices';
import { stubWindowWidth } from '../../test/media';
import { renderWithProviders } from '../../test/render';
import { LineItemsTable } from './invoice-view';

const LINE: TLineItem = { _id: 'l1', uid: 'l1', name: 'Hangar A1', description: 'March rent', charges: 625.25, amount: 2, total: 1250.5, kind: 'rent', receiptId: null, isPaid: false };
const INVOICE: TInvoice = {
  _id: 'i1', name: 'March rent', invoiceNumber: 1042, tenantId: 'c1', tenantName: 'Sierra Skies Aviation', invoiceDate: '2025-03-01',
  paymentDate: null, dueDate: '2025-03-31', status: 'Created', amountDue: 1250.5, amountTotal: 1250.5, amountPaid: 0, description: '',
  comments: '', agreementId: null, periodStart: null, periodEnd: null, lineItems: [LINE],
  abilities: { addLine: false, editLines: false, cancel: false, comment: false, email: false, payOnline: true, payFromBalance: false, manualPayment: false, payLink: false },
};

describe('invoice line table', () => {
  it('shows every column on a desktop', () => {
    stubWindowWidth('desktop');
    renderWithProviders(<LineItemsTable invoice={INVOICE} selected={new Set()} onToggle={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Line items' });
    for (const header of ['Charge Name', 'Desc.', 'Amount', 'Quantity', 'Total', 'Paid']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });

  it('on a phone keeps name and total as columns and shows description, amount, quantity and paid under the name', () => {
    stubWindowWidth('phone');
    renderWithProviders(<LineItemsTable invoice={INVOICE} selected={new Set()} onToggle={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Line items' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Charge Name', 'Total']);
    const row = within(table).getByRole('checkbox', { name: 'Select Hangar A1' }).closest('tr');
    if (!row) throw new Error('no row for the line');
    const [nameCell, totalCell] = within(row).getAllByRole('cell').slice(1);
    for (const text of ['Hangar A1', 'Desc.: March rent', 'Amount: $625.25', 'Quantity: 2', 'Paid: Unpaid']) {
      expect(nameCell).toHaveTextContent(text);
    }
    expect(totalCell).toHaveTextContent('$1,250.50');
  });
});
