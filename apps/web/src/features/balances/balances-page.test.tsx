import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const OWN_COMPANY = '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e';
const OTHER_COMPANY = '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

describe('a page whose main record is refused', () => {
  it("shows a tenant No Access for another company's balances, not a ledger page with 'Error Occurred'", async () => {
    stubFetch({
      'GET /api/Session': { body: accessBody(buildUser({ isInternal: false, companyId: OWN_COMPANY })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      [`GET /api/Company/Balances/${OTHER_COMPANY}`]: { status: 404, body: { code: 'NOT_FOUND', message: 'Owner not found' } },
    });
    renderApp(`/companies/${OTHER_COMPANY}/balances`);
    expect(await screen.findByRole('heading', { level: 1, name: 'No Access' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Invoices' })).not.toBeInTheDocument();
    expect(screen.queryByText('Account Balance')).not.toBeInTheDocument();
    expect(screen.queryByText('Error Occurred')).not.toBeInTheDocument();
  });

  it('shows No Access for a 403 and the record\'s not-found view for a 404', async () => {
    stubFetch({
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Company'] })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      [`GET /api/Company/${OTHER_COMPANY}`]: { status: 403, body: { code: 'FORBIDDEN', message: 'Forbidden' } },
    });
    renderApp(`/companies/${OTHER_COMPANY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'No Access' })).toBeInTheDocument();
  });

  it("shows 'Owner not found' as the page for a missing owner", async () => {
    stubFetch({
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Company'] })) },
      'GET /api/AppConfig': { body: appConfig(true) },
    });
    renderApp(`/companies/${OTHER_COMPANY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Owner not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
