import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';

/** Lazy routes and dialogs load slowly on a busy machine. */
const SLOW = { timeout: 30_000 };

const master = {
  _id: '2b0c1e4a-6d1f-4c6b-9a57-0f6f2d3c9e11', name: 'Hangar door repair', description: 'Doors that stick', adhoc: false, formId: '3c0c1e4a-6d1f-4c6b-9a57-0f6f2d3c9e12',
  masterInspectionIds: [], workorderCount: 3, createdAt: '2026-11-20T17:30:00.000Z', abilities: { edit: true, delete: false, addWorkorder: true },
};

const as = (user: ReturnType<typeof buildUser>) => ({
  'GET /api/Session': { body: accessBody(user) },
  'GET /api/AppConfig': { body: appConfig(true) },
  'GET /api/MasterWorkorder': { body: [master] },
});

describe('Settings > Master Workorder', { timeout: 90_000 }, () => {
  it('shows Create to Settings admins only', async () => {
    stubFetch(as(buildUser({ modules: ['Settings'], isAdmin: false })));
    const first = renderApp('/settings/workorder');
    expect(await screen.findByText('Hangar door repair', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    first.unmount();

    stubFetch(as(buildUser({ modules: ['Settings'], isAdmin: true })));
    renderApp('/settings/workorder');
    expect(await screen.findByRole('button', { name: 'Create' }, SLOW)).toBeInTheDocument();
  });

  it('asks before deleting, and shows why a master in use is kept', async () => {
    stubFetch({
      ...CSRF_ROUTE,
      ...as(buildUser({ modules: ['Settings'], isAdmin: true })),
      [`DELETE /api/MasterWorkorder/${master._id}`]: { status: 409, body: { code: 'CONFLICT', message: 'This Master Workorder has work orders, so it cannot be deleted.' } },
    });
    renderApp('/settings/workorder');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Hangar door repair' }, SLOW));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }, SLOW));
    expect(await screen.findByText('This Master Workorder has work orders, so it cannot be deleted.', {}, SLOW)).toBeInTheDocument();
  });
});
