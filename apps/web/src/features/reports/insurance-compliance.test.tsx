import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { Dashboard } from './dashboard';
import { InsuranceComplianceView } from './insurance-compliance-view';

const ROW = { agreementId: 'a1', agreementNum: 'LA-2026-001', companyName: 'Sierra Skies Aviation', status: 'Deficient', problems: ['General Liability: no approved certificate'], expiresOn: null };

describe('insurance compliance report', () => {
  it('reads the status filter from the address, pages on the server and exports with the filter', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Reports/InsuranceCompliance': { body: { rows: [ROW], total: 1, counts: { compliant: 4, deficient: 1, expiring: 2, expired: 0 } } },
    });
    renderWithProviders(<InsuranceComplianceView />, '/reports?report=insurance-compliance&status=Deficient');
    const grid = await screen.findByRole('grid', { name: 'Insurance compliance' });
    expect(await within(grid).findByText('General Liability: no approved certificate')).toBeInTheDocument();
    expect(screen.getByText('Compliant 4 · Deficient 1 · Expiring 2 · Expired 0')).toBeInTheDocument();
    const first = new URLSearchParams(net.callsTo('GET', '/api/Reports/InsuranceCompliance')[0]!.search);
    expect(Object.fromEntries(first)).toEqual({ status: 'Deficient', page: '1', pageSize: expect.any(String), sort: 'agreementNum:asc' });
    expect(screen.getByRole('link', { name: 'CSV' })).toHaveAttribute('href', '/api/Reports/Export/insurance-compliance?format=csv&status=Deficient');

    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await waitFor(() => expect(net.callsTo('GET', '/api/Reports/InsuranceCompliance').some((c) => !c.search.includes('status='))).toBe(true));
  });
});

describe('dashboard insurance compliance tile', () => {
  it('shows the count per status, each linking to the report filtered by it', async () => {
    stubFetch({ 'GET /api/Dashboard': { body: { today: '2026-11-27', insuranceCompliance: { compliant: 7, deficient: 2, expiring: 1, expired: 0 } } } });
    renderWithProviders(<Dashboard />);
    const link = await screen.findByRole('link', { name: '2 Deficient' });
    expect(link).toHaveAttribute('href', '/reports?report=insurance-compliance&status=Deficient');
    expect(screen.getByRole('link', { name: '7 Compliant' })).toHaveAttribute('href', '/reports?report=insurance-compliance&status=Compliant');
    expect(screen.getByRole('heading', { name: 'Insurance compliance' })).toBeInTheDocument();
  });
});
