import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TWaitlistGridRow } from '@apron/core/waitlist';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const user = userEvent.setup({ delay: null });
const TYPE_ID = '5d0c3a1e-2b4f-4c6d-8e9f-0a1b2c3d4e5f';
const ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const row: TWaitlistGridRow = {
  _id: ID, propertyType: TYPE_ID, propertyTypeName: 'T-Hangar', aircrafttype: 'Cessna 172', firstName: 'Jamie', lastName: 'Wingfield', phone: '7755550199',
  email: 'jamie@example.test', organization: 'Wingfield Aero', status: 'Paid', createdAt: '2026-11-20T18:00:00.000Z', queuePosition: 4, unreadMessages: 2,
};

function stub(isAdmin: boolean) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Waitlist'], isAdmin })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/WaitList': { body: [{ _id: TYPE_ID, name: 'T-Hangar', waiting: 12, joinedThisWeek: 2 }] },
    [`GET /api/WaitList/Type/${TYPE_ID}`]: { body: [row], headers: { 'x-total-count': '12' } },
    [`POST /api/WaitList/Move/${ID}`]: { body: { message: 'Applicant Moved', applicant: { ...row, queuePosition: 1, companyId: null, abilities: { edit: true, delete: true, move: true, createAccount: true } } } },
  });
}

describe('wait-list type grid', () => {
  it("shows the server's Queue #, the Chat link with its unread badge and View; staff without admin cannot move", async () => {
    stub(false);
    renderApp(`/waitList/type/${TYPE_ID}`);
    const grid = await screen.findByRole('grid', {}, { timeout: 30_000 });
    await waitFor(() => expect(grid).toHaveAccessibleName('WaitList for T-Hangar'), { timeout: 30_000 });
    const cells = await within(grid).findAllByRole('gridcell');
    expect(cells[0]).toHaveTextContent('4');
    expect(within(grid).getByText('11/20/2026')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Chat with Jamie Wingfield, 2 unread' })).toHaveAttribute('href', `/chat/${ID}`);
    expect(within(grid).getByRole('link', { name: 'View Jamie Wingfield' })).toHaveAttribute('href', `/waitList/${ID}`);
    expect(within(grid).queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
  }, 150_000);

  it('a Waitlist admin moves an applicant with a required reason', async () => {
    const net = stub(true);
    renderApp(`/waitList/type/${TYPE_ID}`);
    const grid = await screen.findByRole('grid', {}, { timeout: 30_000 });
    await user.click(await within(grid).findByRole('button', { name: 'Move Jamie Wingfield in the queue' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: /^Move Jamie Wingfield/ });
    const position = within(dialog).getByLabelText(/^New Queue #/);
    await user.type(position, '1', { initialSelectionStart: 0, initialSelectionEnd: 10 });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Medical priority');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(net.callsTo('POST', `/api/WaitList/Move/${ID}`)).toHaveLength(1));
    expect(net.callsTo('POST', `/api/WaitList/Move/${ID}`)[0]!.body).toEqual({ position: 1, reason: 'Medical priority' });
    expect(await screen.findByText('Moved to #1')).toBeInTheDocument();
  }, 150_000);
});
