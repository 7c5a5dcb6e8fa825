import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPeriods } from '@apron/core/reports';
import { renderWithProviders } from '../../test/render';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { ChartsView } from './charts-view';
import { InvoiceReportView } from './invoice-report-view';
import { PeriodPicker } from './period-picker';

describe('interactive reports', () => {
  it('checks that the end is after the start before any request', async () => {
    const { calls } = stubFetch({ 'GET /api/Reports/GetAll': { body: [] } });
    renderWithProviders(<ChartsView />);
    await userEvent.type(screen.getByLabelText('Start Date'), '2025-03-01');
    await userEvent.type(screen.getByLabelText('End Date'), '2025-02-01');
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByText('End Date must be after Start Date')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/Reports/Chart')).toBe(false);
  });
});

describe('period picker', () => {
  it('offers the server periods and shows the range as MM-DD-YYYY', async () => {
    const periods = { ...currentPeriods('2025-02-10'), years: [2025, 2024, 2023], expiringSoonDays: 30 };
    const onChange = vi.fn();
    renderWithProviders(<PeriodPicker kind="quarter" periods={periods} value={periods.currentQuarter} onChange={onChange} />);
    expect(screen.getByText('From 01-01-2025 to 03-31-2025')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous Quarter' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ year: 2024, index: 4, begin: '2024-10-01', end: '2024-12-31' })));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['2025', '2024', '2023', 'Q1 Jan-Mar', 'Q2 Apr-Jun', 'Q3 Jul-Sep', 'Q4 Oct-Dec']);
  });
});

describe('billing report totals', () => {
  it('are a definition list of term and value pairs, the Total caption outside it', async () => {
    const totals = { invoices: 3, amountBilled: 300, amountPaid: 100, amountDue: 200, overDue: 50 };
    stubFetch({ ...CSRF_ROUTE, 'POST /api/Reports/Invoices': { body: { rows: [], totals } } });
    const period = currentPeriods('2025-02-10').currentQuarter;
    renderWithProviders(<InvoiceReportView kind="Billing" period={period} />);
    const group = await screen.findByRole('group', { name: 'Totals' });
    const list = group.querySelector('dl');
    if (!list) throw new Error('no definition list in the totals');
    const pairs = [...list.children].map((pair) => [pair.tagName, ...[...pair.children].map((child) => child.tagName)].join(' '));
    expect(pairs).toEqual(Array(5).fill('DIV DT DD'));
    expect(list.textContent).toContain('Amount Due:$200.00');
  });
});
