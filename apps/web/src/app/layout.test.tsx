import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render';

async function openDrawerLinks() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('top bar and drawer', () => {
  it('shows a Settings user the airport name and only the items they may see', async () => {
    const user = buildUser({ modules: ['Settings'], isAdmin: true });
    stubFetch({ 'GET /api/Session': { body: accessBody(user) }, 'GET /api/AppConfig': { body: appConfig(true) } });
    renderApp('/');
    expect(await screen.findByText('Carson City Airport', { selector: 'div' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(await openDrawerLinks()).toEqual([
      ['Dashboard', '/'],
      ['Settings', '/settings'],
      ['My Account', '/myaccount'],
      ['Alerts', '/alerts'],
      // Operations are open to every internal user (no module gates them).
      ['Inspections', '/inspection'],
      ['Workorders', '/workorder'],
      ['Assets', '/asset'],
    ]);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('hides Settings from a user without the module, and from external users', async () => {
    const staff = buildUser({ modules: ['Company', 'Lease'] });
    stubFetch({ 'GET /api/Session': { body: accessBody(staff) }, 'GET /api/AppConfig': { body: appConfig(true) } });
    const first = renderApp('/');
    const links = await openDrawerLinks();
    expect(links.map(([label]) => label)).not.toContain('Settings');
    expect(links.map(([label]) => label)).toContain('My Account');
    first.unmount();

    const tenant = buildUser({ isInternal: false, modules: ['Settings'], companyId: 'c0ffee00-0000-4000-8000-000000000001' });
    stubFetch({ 'GET /api/Session': { body: accessBody(tenant) }, 'GET /api/AppConfig': { body: appConfig(true) } });
    renderApp('/');
    expect((await openDrawerLinks()).map(([label]) => label)).not.toContain('Settings');
  });

  it('shows home tiles without Dashboard, plus Contact Us and Lost/Stolen Card when landing links are off', async () => {
    const user = buildUser({ modules: ['Settings'] });
    stubFetch({ 'GET /api/Session': { body: accessBody(user) }, 'GET /api/AppConfig': { body: appConfig(false) } });
    renderApp('/');
    const menu = await screen.findByRole('list', { name: 'Home menu' });
    expect(within(menu).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(menu).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(await within(menu).findByRole('button', { name: 'Contact Us' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Lost/Stolen Card' })).toBeInTheDocument();
  });

  it('logs out: ends the server session with the CSRF token and clears storage', async () => {
    const user = buildUser({ modules: ['Settings'] });
    sessionStorage.setItem('apron.identity', JSON.stringify({ givenName: 'Pat', familyName: 'Staff', email: user.email }));
    localStorage.setItem('draft', 'x');
    const net = stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Session': { body: accessBody(user) },
      'GET /api/AppConfig': { body: appConfig(true) },
      'POST /api/Logout': { body: { endSessionUrl: 'http://localhost/oidc/session/end?id_token_hint=x' } },
    });
    renderApp('/');
    await openDrawerLinks();
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(sessionStorage.length + localStorage.length).toBe(0));
    expect(net.callsTo('POST', '/api/Logout')[0]!.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
  });
});
