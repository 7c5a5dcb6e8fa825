import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccount } from '@apron/core/accounts';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const CLERK: TAccount = {
  _id: 'acc-1', email: 'clerk@apron.test', givenName: 'Casey', familyName: 'Clerk', isInternal: true, isAdmin: false,
  enabled: true, modules: ['Invoices'], companyId: null, lastSignInAt: null, createdAt: '2024-01-01T00:00:00Z',
};

function stubAccounts() {
  let invitations = 0;
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings'], isAdmin: true })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/Accounts': { body: [CLERK], headers: { 'X-Total-Count': '1' } },
    'PUT /api/Accounts/acc-1': (call) => ({ body: { ...CLERK, ...(call.body as object) } }),
    // The first send succeeds; the account is disabled before the second.
    'POST /api/Accounts/acc-1/Invitation': () =>
      (invitations += 1) === 1
        ? { body: { message: 'Invitation sent to clerk@apron.test' } }
        : { status: 400, body: { errors: { enabled: 'This account is disabled: enable it before sending an invitation.' } } },
    'POST /api/Accounts': { status: 400, body: { errors: { email: 'Email already has an account' } } },
  });
}

describe('accounts page', () => {
  it('makes an admin and disables after confirming, sending only the changed field', async () => {
    const user = userEvent.setup();
    const net = stubAccounts();
    renderApp('/settings/accounts');
    expect(await screen.findByText('clerk@apron.test')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make Admin' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Make Admin' })).getByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(net.callsTo('PUT', '/api/Accounts/acc-1')).toHaveLength(1));
    expect(net.callsTo('PUT', '/api/Accounts/acc-1')[0]!.body).toEqual({ isAdmin: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('switch', { name: 'Disable clerk@apron.test' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Disable Account' }));
    expect(net.callsTo('PUT', '/api/Accounts/acc-1')).toHaveLength(1);
    await user.click(confirm.getByRole('button', { name: 'Disable Account' }));
    await waitFor(() => expect(net.callsTo('PUT', '/api/Accounts/acc-1')).toHaveLength(2));
    expect(net.callsTo('PUT', '/api/Accounts/acc-1')[1]!.body).toEqual({ enabled: false });
  });

  it('adds an account with modules and shows a server error on the email field', async () => {
    const user = userEvent.setup();
    const net = stubAccounts();
    renderApp('/settings/accounts');
    await user.click(await screen.findByRole('button', { name: 'Add Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Account' }));
    await user.type(dialog.getByLabelText(/^Email/), 'New.Person@Apron.test');
    await user.type(dialog.getByLabelText(/^First Name/), 'New');
    await user.type(dialog.getByLabelText(/^Last Name/), 'Person');
    await user.click(dialog.getByRole('checkbox', { name: 'Lease' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Company' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Email already has an account')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Accounts')[0]!.body).toEqual({
      email: 'new.person@apron.test', givenName: 'New', familyName: 'Person', modules: ['Company', 'Lease'], isAdmin: false,
    });
  });

  it('sends an invitation from the row and says to whom; a refusal shows the server message', async () => {
    const user = userEvent.setup();
    const net = stubAccounts();
    renderApp('/settings/accounts');
    await user.click(await screen.findByRole('button', { name: 'Send invitation to clerk@apron.test' }));
    expect(await screen.findByText('Invitation sent to clerk@apron.test')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Accounts/acc-1/Invitation')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Send invitation to clerk@apron.test' }));
    expect(await screen.findByText('This account is disabled: enable it before sending an invitation.')).toBeInTheDocument();
  });
});
