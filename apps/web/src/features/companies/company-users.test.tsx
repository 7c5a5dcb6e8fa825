import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPANY_MESSAGES, type TCompany, type TCompanyUser } from '@apron/core/companies';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const COMPANY_ID = '3a1f0c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const USER_ID = '0d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a';
const STAMP = '2024-01-01T00:00:00.000Z';

const COMPANY: TCompany = {
  _id: COMPANY_ID, name: 'Sierra Skies Aviation', description: 'Flight school', address1: '', address2: '', city: '', state: '', zip: null,
  email: 'ops@sierraskies.test', phone: '', contactname: '', contactphone: '', isPaperless: false, status: 'Active',
  abilities: { edit: true, editNameAndDescription: true, changeStatus: true, manageUsers: true }, createdAt: STAMP, updatedAt: STAMP,
};
const TAYLOR: TCompanyUser = { _id: USER_ID, email: 'taylor@sierraskies.test', givenName: 'Taylor', familyName: 'Tenant', enabled: true, lastSignInAt: null, actsForOtherCompanies: false };
// Also acts for a company at the reliever field: removable from this company.
const ROBIN: TCompanyUser = { ...TAYLOR, _id: USER_ID.replace('0d', '2d'), email: 'robin@sierraskies.test', actsForOtherCompanies: true };

function stubAdmin(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Company'], isAdmin: true })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Company/${COMPANY_ID}`]: { body: COMPANY },
    [`GET /api/Company/Users/${COMPANY_ID}`]: { body: [TAYLOR] },
    [`PUT /api/Company/Users/${COMPANY_ID}`]: { body: { ...TAYLOR, enabled: false } },
    [`POST /api/Company/Users/${COMPANY_ID}`]: (call) => ({
      status: 201,
      body: {
        message: 'Added Successfully',
        user: { ...TAYLOR, _id: USER_ID.replace('0d', '1d'), email: (call.body as { email: string }).email },
        // The server links an e-mail that already signs in for a company at another airport.
        existingAccount: (call.body as { email: string }).email.startsWith('elsewhere'),
      },
    }),
    'POST /api/Attachments/List': { body: [] },
    'GET /api/AttachmentTypes': { body: [] },
    'POST /api/Remarks/List': { body: [] },
    ...extra,
  });
}

describe('company users', () => {
  it('asks before disabling a user, then sends the toggle', async () => {
    const user = userEvent.setup();
    const net = stubAdmin();
    renderApp(`/companies/${COMPANY_ID}`);
    const toggle = await screen.findByRole('switch', { name: 'Enabled: taylor@sierraskies.test' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Disable User' });
    expect(net.callsTo('PUT', `/api/Company/Users/${COMPANY_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(net.callsTo('PUT', `/api/Company/Users/${COMPANY_ID}`)).toHaveLength(1));
    expect(net.callsTo('PUT', `/api/Company/Users/${COMPANY_ID}`)[0]!.body).toEqual({ userId: USER_ID, enabled: false });
  });

  it('adds a user with a valid e-mail only', async () => {
    const user = userEvent.setup();
    const net = stubAdmin();
    renderApp(`/companies/${COMPANY_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Email is not valid')).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/Company/Users/${COMPANY_ID}`)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Email/));
    await user.type(within(dialog).getByLabelText(/^Email/), 'new.pilot@sierraskies.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added Successfully')).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/Company/Users/${COMPANY_ID}`)[0]!.body).toMatchObject({ email: 'new.pilot@sierraskies.test' });
  });

  it('says so when the e-mail was a company user at another airport (linked, not invited)', async () => {
    const user = userEvent.setup();
    stubAdmin();
    renderApp(`/companies/${COMPANY_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText(/^Email/), 'elsewhere@reliever.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(COMPANY_MESSAGES.existingUserAdded)).toBeInTheDocument();
  });

  it('removes, after asking, a user who also acts for another company, and offers no Remove for the others', async () => {
    const user = userEvent.setup();
    const net = stubAdmin({
      [`GET /api/Company/Users/${COMPANY_ID}`]: { body: [ROBIN, TAYLOR] },
      [`DELETE /api/Company/Users/${COMPANY_ID}/${ROBIN._id}`]: { status: 204 },
    });
    renderApp(`/companies/${COMPANY_ID}`);
    await screen.findByRole('switch', { name: 'Enabled: taylor@sierraskies.test' });
    expect(screen.queryByRole('button', { name: 'Remove taylor@sierraskies.test from this company' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove robin@sierraskies.test from this company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove User' });
    expect(dialog).toHaveTextContent('They keep acting for their other companies.');
    expect(net.callsTo('DELETE', `/api/Company/Users/${COMPANY_ID}/${ROBIN._id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/api/Company/Users/${COMPANY_ID}/${ROBIN._id}`)).toHaveLength(1));
    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
  });

  it("opens a tenant's own company from the Owners grid route", async () => {
    stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Session': { body: accessBody(buildUser({ isInternal: false, companyId: COMPANY_ID })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      [`GET /api/Company/${COMPANY_ID}`]: { body: { ...COMPANY, abilities: { edit: true, editNameAndDescription: false, changeStatus: false, manageUsers: false } } },
      [`GET /api/Company/Users/${COMPANY_ID}`]: { body: [TAYLOR] },
      'POST /api/Attachments/List': { body: [] },
      'GET /api/AttachmentTypes': { body: [] },
      'POST /api/Remarks/List': { body: [] },
    });
    const { router } = renderApp('/companies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sierra Skies Aviation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/companies/${COMPANY_ID}`);
    expect(await screen.findByRole('switch', { name: 'Enabled: taylor@sierraskies.test' })).toBeDisabled();
  });
});
