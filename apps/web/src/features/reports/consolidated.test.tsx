import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPeriods, type TConsolidatedAgingReport } from '@apron/core/reports';
import { renderWithProviders } from '../../test/render';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { ReportsPage } from './reports-page';

const periods = { ...currentPeriods('2025-02-10'), years: [2025], expiringSoonDays: 30 };
const zero = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 };
const AGING: TConsolidatedAgingReport = {
  scope: 'all',
  rows: [
    { airportId: 'a1', airportCode: 'CXP', airportName: 'Carson City', asOf: '2025-02-10', companyId: 'c1', company: 'Hangar One', ...zero, current: 20, total: 20 },
    { airportId: 'a2', airportCode: 'L12', airportName: 'Reliever Field', asOf: '2025-02-10', companyId: 'c2', company: 'Fixed Base', ...zero, over90: 50, total: 50 },
  ],
  airports: [
    { airportId: 'a1', airportCode: 'CXP', airportName: 'Carson City', asOf: '2025-02-10', totals: { ...zero, current: 20, total: 20 } },
    { airportId: 'a2', airportCode: 'L12', airportName: 'Reliever Field', asOf: '2025-02-10', totals: { ...zero, over90: 50, total: 50 } },
  ],
  totals: { ...zero, current: 20, over90: 50, total: 70 },
};

function stubAs(isAuthorityAdmin: boolean) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Reports'], isAuthorityAdmin })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/Reports/Periods': { body: periods },
    'GET /api/Reports/GetAll': { body: [] },
    'GET /api/Reports/Aging': (call) => ({ body: call.search.includes('scope=all') ? AGING : { asOf: '2025-02-10', rows: [], totals: zero } }),
    'GET /api/Reports/Insurances/Expired': { body: [] },
  });
}

describe('consolidated reports on the Reports page', () => {
  it('an authority-wide administrator chooses All airports: Airport column, subtotals, total, export', async () => {
    const { calls } = stubAs(true);
    renderWithProviders(<ReportsPage />, '/reports?report=ar-aging');
    await userEvent.selectOptions(await screen.findByLabelText('Airports'), 'All airports');
    const grid = await screen.findByRole('grid', { name: 'A/R aging, all airports' });
    expect(within(grid).getByRole('columnheader', { name: 'Airport' })).toBeInTheDocument();
    expect(await within(grid).findAllByText('Subtotal')).toHaveLength(2);
    expect(within(grid).getAllByText('L12 — Reliever Field')).toHaveLength(2); // its row and its subtotal
    const total = within(grid).getByText('All airports').closest('[role="row"]');
    if (!(total instanceof HTMLElement)) throw new Error('no grand total row');
    expect(within(total).getByText('Total')).toBeInTheDocument();
    expect(within(total).getAllByText('$70.00')).toHaveLength(1);
    expect(calls.some((c) => c.path === '/api/Reports/Aging' && c.search.includes('scope=all'))).toBe(true);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toContain('/Reports/Export/aging?format=csv&scope=all');
  });

  it('is not offered for the insurance reports', async () => {
    stubAs(true);
    renderWithProviders(<ReportsPage />, '/reports?report=expired-insurance');
    expect(await screen.findByRole('heading', { name: 'Expired Insurance' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Airports')).not.toBeInTheDocument();
  });

  it('anyone else never sees the choice, even with airports=all in the address', async () => {
    const { calls } = stubAs(false);
    renderWithProviders(<ReportsPage />, '/reports?report=ar-aging&airports=all');
    expect(await screen.findByRole('grid', { name: 'A/R aging' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Airports')).not.toBeInTheDocument();
    expect(calls.some((c) => c.search.includes('scope=all'))).toBe(false);
  });
});
