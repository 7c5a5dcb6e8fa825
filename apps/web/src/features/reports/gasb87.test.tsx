import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPeriods } from '@apron/core/reports';
import { renderWithProviders } from '../../test/render';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import type { TGasb87Maturity, TGasb87RollForward, TGasb87Schedule } from './gasb87-api';
import { LeaseAccountingSection } from './gasb87-schedule';
import { ReportsPage } from './reports-page';

const periods = { ...currentPeriods('2026-11-27'), years: [2026, 2025, 2024], expiringSoonDays: 30 };
const LEASE_ID = '4b2e1d3c-6a7f-4b8c-9d0e-1f2a3b4c5d6e';
const amounts = { beginningReceivable: 100_000, additions: 0, reductions: 9_512.35, endingReceivable: 90_487.65, interestRevenue: 4_487.65, leaseRevenue: 10_000, beginningDeferredInflow: 100_000, endingDeferredInflow: 90_000 };
const rollForward = (fiscalYear: number): TGasb87RollForward => ({
  fiscalYear,
  from: `${fiscalYear - 1}-07-01`,
  to: `${fiscalYear}-06-30`,
  rows: [{ agreementId: LEASE_ID, agreementNum: 'LA-2024-001', companyName: 'Sierra Skies Aviation', ...amounts }],
  totals: amounts,
});
const SCHEDULE: TGasb87Schedule = {
  agreementId: LEASE_ID,
  agreementNum: 'LA-2024-001',
  companyName: 'Sierra Skies Aviation',
  rate: 5,
  commencement: '2024-07-01',
  termEnd: '2034-06-30',
  exclusion: null,
  receivable: 90_487.65,
  deferredInflow: 90_000,
  schedule: [
    { date: '2024-07-01', payment: 1_200, interest: 0, principal: 1_200, balance: 98_800 },
    { date: '2024-08-01', payment: 1_200, interest: 411.67, principal: 788.33, balance: 98_011.67 },
  ],
  measurements: [
    { version: 1, measuredOn: '2024-07-01', reason: 'commencement', receivable: 100_000, deferredInflow: 100_000 },
    { version: 2, measuredOn: '2025-07-01', reason: 'modification', receivable: 95_000, deferredInflow: 95_000 },
  ],
};
const MATURITY: TGasb87Maturity = {
  asOf: '2026-11-27',
  rows: [
    { label: 'FY 2027', from: '2026-11-28', to: '2027-06-30', principal: 6_000, interest: 2_400, total: 8_400 },
    { label: 'FY 2032-2036', from: '2031-07-01', to: '2036-06-30', principal: 40_000, interest: 5_000, total: 45_000 },
  ],
  totals: { principal: 46_000, interest: 7_400, total: 53_400 },
};

function stubAs(user = buildUser({ modules: ['Reports'] })) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(user) },
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/Reports/Periods': { body: periods },
    'GET /api/Reports/GetAll': { body: [] },
    'POST /api/Reports/Invoices': { body: { kind: 'Billing', begin: '2026-11-01', end: '2026-11-30', rows: [], totals: { invoices: 0, amountBilled: 0, amountPaid: 0, amountDue: 0, overDue: 0 } } },
    'GET /api/Reports/Gasb87/RollForward': (call) => ({ body: rollForward(Number(new URLSearchParams(call.search).get('fiscalYear'))) }),
    [`GET /api/Reports/Gasb87/Agreements/${LEASE_ID}`]: { body: SCHEDULE },
    'GET /api/Reports/Gasb87/Maturity': { body: MATURITY },
    'GET /api/Reports/Gasb87/JournalEntries': {
      body: {
        rows: [
          { date: '2026-11-01', account: 'Cash', description: 'Lease payment', agreementNum: 'LA-2024-001', debit: 1_200, credit: 0 },
          { date: '2026-11-01', account: 'Lease Receivable', description: 'Lease payment', agreementNum: 'LA-2024-001', debit: 0, credit: 1_200 },
        ],
      },
    },
  });
}

const totalsOf = async () => (await screen.findByRole('group', { name: 'Totals' })).textContent;

describe('GASB 87 roll-forward on the Reports page', () => {
  it('shows the leases of the fiscal year with their totals and the fiscal year export', async () => {
    const { calls } = stubAs();
    renderWithProviders(<ReportsPage />, '/reports');
    await userEvent.selectOptions(await screen.findByLabelText('Report Type'), 'GASB 87 Roll-Forward');
    const grid = await screen.findByRole('grid', { name: 'GASB 87 roll-forward' });
    expect(await within(grid).findByText('Sierra Skies Aviation')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Ending Receivable' })).toBeInTheDocument();
    expect(await totalsOf()).toContain('Ending Receivable:$90,487.65');
    expect(screen.getByRole('heading', { name: 'GASB 87 Roll-Forward, FY 2026 (07-01-2025 to 06-30-2026)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Excel' }).getAttribute('href')).toBe('/api/Reports/Export/gasb87-roll-forward?format=xlsx&fiscalYear=2026');

    await userEvent.selectOptions(screen.getByLabelText('Fiscal Year'), 'FY 2027');
    expect(await screen.findByRole('heading', { name: 'GASB 87 Roll-Forward, FY 2027 (07-01-2026 to 06-30-2027)' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/Reports/Gasb87/RollForward' && c.search === '?fiscalYear=2027')).toBe(true);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toContain('fiscalYear=2027');
  });

  it('a row opens the lease schedule with its measurement history', async () => {
    stubAs();
    renderWithProviders(<ReportsPage />, '/reports?report=gasb87-roll-forward');
    const grid = await screen.findByRole('grid', { name: 'GASB 87 roll-forward' });
    await userEvent.click(await within(grid).findByText('Sierra Skies Aviation'));
    const dialog = await screen.findByRole('dialog', { name: 'Lease schedule: LA-2024-001 · Sierra Skies Aviation' });
    const measurements = await within(dialog).findByRole('grid', { name: 'Measurements' });
    expect(within(measurements).getByText('Modification')).toBeInTheDocument();
    const schedule = within(dialog).getByRole('grid', { name: 'Lease schedule' });
    expect(within(schedule).getByText('$98,011.67')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Lease accounting figures' }).textContent).toContain('Discount rate:5.00%');
    expect(within(dialog).getByRole('link', { name: 'PDF' }).getAttribute('href')).toBe(`/api/Reports/Export/gasb87-schedule?format=pdf&agreementId=${LEASE_ID}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('GASB 87 maturity analysis and journal entries', () => {
  it('the maturity analysis asks for the as-of date and totals principal and interest', async () => {
    const { calls } = stubAs();
    renderWithProviders(<ReportsPage />, '/reports?report=gasb87-maturity');
    const grid = await screen.findByRole('grid', { name: 'GASB 87 maturity analysis' });
    expect(await within(grid).findByText('FY 2032-2036')).toBeInTheDocument();
    expect(await totalsOf()).toContain('Total:$53,400.00');
    expect(calls.some((c) => c.path === '/api/Reports/Gasb87/Maturity' && c.search === '?asOf=2026-11-27')).toBe(true);
    const asOf = screen.getByLabelText(/^As Of/, { selector: 'input' });
    await userEvent.clear(asOf);
    await userEvent.type(asOf, '2026-06-30');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/Reports/Gasb87/Maturity' && c.search === '?asOf=2026-06-30')).toBe(true));
    expect(screen.getByRole('link', { name: 'Excel' }).getAttribute('href')).toBe('/api/Reports/Export/gasb87-maturity?format=xlsx&asOf=2026-06-30');
  });

  it('the journal entries of the month balance and link their GL CSV', async () => {
    stubAs();
    renderWithProviders(<ReportsPage />, '/reports?report=gasb87-journal-entries');
    const grid = await screen.findByRole('grid', { name: 'GASB 87 journal entries' });
    expect(await within(grid).findByText('Lease Receivable')).toBeInTheDocument();
    expect(await totalsOf()).toBe('TotalDebit:$1,200.00Credit:$1,200.00');
    expect(screen.getByRole('link', { name: 'GL CSV' }).getAttribute('href')).toBe('/api/Reports/GeneralLedger/Gasb87?from=2026-11-01&to=2026-11-30');
  });

  it('refuses a To before From without asking the server for it', async () => {
    const { calls } = stubAs();
    renderWithProviders(<ReportsPage />, '/reports?report=gasb87-journal-entries');
    await screen.findByRole('grid', { name: 'GASB 87 journal entries' });
    const to = screen.getByLabelText(/^To/, { selector: 'input' });
    await userEvent.clear(to);
    await userEvent.type(to, '2026-10-01');
    expect(await screen.findByText('To must be on or after From')).toBeInTheDocument();
    expect(calls.some((c) => c.search.includes('to=2026-10-01'))).toBe(false);
  });
});

describe('who sees the GASB 87 reports', () => {
  it('a tenant is never offered them, even with the report in the address', async () => {
    const { calls } = stubAs(buildUser({ isInternal: false, companyId: 'c1', modules: [] }));
    renderWithProviders(<ReportsPage />, '/reports?report=gasb87-roll-forward');
    const select = await screen.findByLabelText('Report Type');
    expect(within(select).queryByRole('option', { name: 'GASB 87 Roll-Forward' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Billing/ })).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/Reports/Gasb87'))).toBe(false);
  });
});

describe('the agreement page section', () => {
  it('says why a regulated aviation lease has no schedule', async () => {
    stubFetch({ [`GET /api/Reports/Gasb87/Agreements/${LEASE_ID}`]: { body: { ...SCHEDULE, exclusion: 'regulated', receivable: 0, deferredInflow: 0, schedule: [], measurements: [] } } });
    renderWithProviders(<LeaseAccountingSection agreementId={LEASE_ID} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Lease accounting (GASB 87)' })).toBeInTheDocument();
    expect(await screen.findByRole('note')).toHaveTextContent('Excluded: regulated aviation lease');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('tells a non-lease agreement apart from a failure', async () => {
    stubFetch({});
    renderWithProviders(<LeaseAccountingSection agreementId={LEASE_ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No lease accounting for this agreement.');
  });
});
