import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SETUP_STEPS, type TSetupChecklist } from '@apron/core/settings';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const DONE = new Set(['airport', 'staff']);
const CHECKLIST: TSetupChecklist = { visible: true, dismissed: false, steps: SETUP_STEPS.map((step) => ({ ...step, done: DONE.has(step.key) })) };

function signedIn(isAdmin: boolean) {
  const user = buildUser({ modules: ['Settings', 'Invoices'], isAdmin });
  return { 'GET /api/Session': { body: accessBody(user) }, 'GET /api/AppConfig': { body: appConfig(true) }, 'GET /api/Airports/Mine': { body: [] } };
}

describe('the setup checklist on the home page', () => {
  it('shows a Settings admin each step linked to its page, ticked as the server says, and goes once dismissed', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...CSRF_ROUTE,
      ...signedIn(true),
      'GET /api/Setup': { body: CHECKLIST },
      'POST /api/Setup/Dismiss': { body: { ...CHECKLIST, visible: false, dismissed: true } },
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Set up your airport' });
    const panel = within(section);
    expect(panel.getByText('2 of 6 done')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Import your data' })).toHaveAttribute('href', '/settings/import');
    expect(panel.getByRole('link', { name: 'Logo' })).toHaveAttribute('href', '/settings/logo');
    const items = panel.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Airport name and time zoneDone', 'LogoTo do', 'Invoice cyclesTo do', 'Payment typesTo do', 'Import your dataTo do', 'Invite staffDone',
    ]);

    await user.click(panel.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Set up your airport' })).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/Setup/Dismiss')).toHaveLength(1);
  });

  it('is not shown when the server says every step is done, and never asked for by non-administrators', async () => {
    stubFetch({ ...signedIn(true), 'GET /api/Setup': { body: { ...CHECKLIST, visible: false } } });
    const first = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Set up your airport' })).not.toBeInTheDocument();
    first.unmount();

    const net = stubFetch({ ...signedIn(false), 'GET /api/Setup': { body: CHECKLIST } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/Setup')).toHaveLength(0);
  });
});
