import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { accessBody, appConfig, buildUser, SIGNED_OUT } from '../test/fixtures';
import { stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render';

describe('access guard', () => {
  it('shows the no-access view to a signed-in user without Settings', async () => {
    const net = stubFetch({
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Lease'] })) },
      'GET /api/AppConfig': { body: appConfig(true) },
    });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'No Access' })).toBeInTheDocument();
    expect(screen.getByText(/your account does not include this area/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(net.calls.some((c) => c.path.startsWith('/api/Crud'))).toBe(false);
  });

  it('shows a Settings user (not an admin) the Settings entries, in order, without the admin-only ones it could not open', async () => {
    stubFetch({
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings'] })) },
      'GET /api/AppConfig': { body: appConfig(true) },
    });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const labels = screen.getAllByRole('link').map((l) => l.textContent).filter((t) => t !== 'Back' && t !== 'Apron' && t !== ''); // '': the top bar's alerts bell (named by its aria-label)
    expect(labels).toEqual(['Document Types', 'Insurance Types', 'Invoice Cycles', 'Payment Types', 'Notifications', 'Notices', 'Property Types', 'Property Attributes', 'Property Areas', 'System Settings', 'Master Inspection', 'Master Workorder', 'Master Asset', 'CPI Index', 'Parking Rates']);
  });

  it('says it is redirecting a signed-out visitor to the login page', async () => {
    stubFetch({ 'GET /api/Session': SIGNED_OUT, 'GET /api/AppConfig': { body: appConfig(true) } });
    renderApp('/myaccount');
    expect(await screen.findByText('Redirecting to Login Page...')).toBeInTheDocument();
  });

  it.each(['/invoices', '/companies', '/agreements'])('shows no access to staff without the module the menu gates %s by, and asks the API nothing', async (path) => {
    const net = stubFetch({
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings'] })) },
      'GET /api/AppConfig': { body: appConfig(true) },
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'No Access' })).toBeInTheDocument();
    expect(screen.queryByText('Error Occurred')).not.toBeInTheDocument();
    expect(net.calls.filter((c) => !['/api/Access', '/api/AppConfig', '/api/Session', '/api/Alerts/Unread', '/api/Airports/Mine'].includes(c.path))).toEqual([]);
  });

  it('lets a company user into the invoices grid (the menu shows it to them)', async () => {
    stubFetch({
      'GET /api/Session': { body: accessBody(buildUser({ isInternal: false, companyId: '3a1f0c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b' })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      'GET /api/Invoices': { body: [] },
    });
    renderApp('/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
  });
});
