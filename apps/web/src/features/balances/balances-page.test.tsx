import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { stubFetch } from '../../test/fetch-stub';
import { accessBody, buildUser } from '../../test/fixtures';
import { stubWindowWidth } from '../../test/media';
import { renderWithProviders } from '../../test/render';
import { BalancesPage } from './balances-page';

const LEDGER = {
  balance: 500,
  records: [
    { _id: 'r1', tenantId: 'c1', accountNum: '****2345', routingNum: '121000358', amount: 8900, type: 'Credit', dateApplied: '2025-11-01', reference: null, runningBalance: 8900, createdAt: '2025-11-01T10:00:00Z' },
    { _id: 'r2', tenantId: 'c1', accountNum: '', routingNum: '', amount: 8400, type: 'Debit', dateApplied: '2026-11-23', reference: 'Invoice #1003', runningBalance: 500, createdAt: '2026-11-23T10:00:00Z' },
  ],
};

function renderLedger() {
  stubFetch({
    'GET /api/Session': { body: accessBody(buildUser({ isInternal: false, modules: [], companyId: 'c1' })) },
    'GET /api/Company/Balances/': { body: LEDGER, headers: { 'X-Total-Count': '2' } },
  });
  renderWithProviders(<BalancesPage />);
}


afterEach(() => vi.unstubAllGlobals());

describe('Account Balance ledger', () => {
  it('shows account details, type, amount, date and running balance on a desktop', async () => {
    stubWindowWidth('desktop');
    renderLedger();
    const grid = await screen.findByRole('grid', { name: 'Balance records' });
    expect(await within(grid).findByText('****2345 / 121000358')).toBeInTheDocument();
    for (const header of ['Account Details', 'Balance Type', 'Amount', 'Date Applied', 'Balance']) {
      expect(within(grid).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });

  it('on a phone keeps date, amount and balance as columns and shows each row\'s type and details under its amount', async () => {
    stubWindowWidth('phone');
    renderLedger();
    const grid = await screen.findByRole('grid', { name: 'Balance records' });
    const debit = (await within(grid).findByText('Account Details: Invoice #1003')).closest('[role="row"]');
    if (!(debit instanceof HTMLElement)) throw new Error('the Debit row is not a grid row');
    expect(within(debit).getByText('Balance Type: Debit')).toBeInTheDocument();
    expect(within(debit).getByText('$8,400.00')).toBeInTheDocument();
    expect(within(grid).getByText('Account Details: ****2345 / 121000358')).toBeInTheDocument();
    expect(within(grid).queryByRole('columnheader', { name: 'Balance Type' })).not.toBeInTheDocument();
    expect(within(grid).queryByRole('columnheader', { name: 'Account Details' })).not.toBeInTheDocument();
    for (const header of ['Date Applied', 'Amount', 'Balance']) {
      expect(within(grid).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
  });
});
