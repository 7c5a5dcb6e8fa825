import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCompany } from '@apron/core/companies';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const COMPANY_ID = '3a1f0c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const STAMP = '2024-01-01T00:00:00.000Z';

function company(abilities: TCompany['abilities']): TCompany {
  return {
    _id: COMPANY_ID, name: 'Sierra Skies Aviation', description: 'Flight school', address1: '2600 College Pkwy', address2: '', city: 'Carson City',
    state: 'NV', zip: '89706', email: 'ops@sierraskies.test', phone: '7755550100', contactname: 'Jo Pilot', contactphone: '', isPaperless: false,
    status: 'Active', abilities, createdAt: STAMP, updatedAt: STAMP,
  };
}

const ADMIN = { edit: true, editNameAndDescription: true, changeStatus: true, manageUsers: true };
const NON_ADMIN = { edit: true, editNameAndDescription: false, changeStatus: false, manageUsers: false };

function stubCompany(isAdmin: boolean) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Company'], isAdmin })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Company/${COMPANY_ID}`]: { body: company(isAdmin ? ADMIN : NON_ADMIN) },
    [`GET /api/Company/Users/${COMPANY_ID}`]: { body: [] },
    'POST /api/Attachments/List': { body: [] },
    'GET /api/AttachmentTypes': { body: [] },
    'POST /api/Remarks/List': { body: [] },
    [`PUT /api/Company/${COMPANY_ID}`]: { body: company(isAdmin ? ADMIN : NON_ADMIN) },
  });
}

describe('company form', () => {
  it('shows the Status select to Company admins only; others see name and description disabled', async () => {
    stubCompany(false);
    const view = renderApp(`/companies/${COMPANY_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sierra Skies Aviation' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Status/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toBeDisabled();
    expect(screen.getByLabelText(/^Description/)).toBeDisabled();
    expect(screen.getByLabelText(/^Email/)).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
    // billing's pages exist: Invoices and Account Balance link to them
    expect(screen.getByRole('link', { name: 'Lease Agreements' })).toHaveAttribute('href', `/companies/${COMPANY_ID}/agreements`);
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', `/companies/${COMPANY_ID}/invoices`);
    expect(screen.getByRole('link', { name: 'Account Balance' })).toHaveAttribute('href', `/companies/${COMPANY_ID}/balances`);
    view.unmount();

    stubCompany(true);
    renderApp(`/companies/${COMPANY_ID}`);
    expect(await screen.findByLabelText(/^Status/)).toHaveValue('Active');
    expect(screen.getByLabelText(/^Name/)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
  });

  it("refuses a phone with letters with the schema's 'Phone number is not valid' before anything is sent", async () => {
    const user = userEvent.setup();
    const net = stubCompany(false);
    renderApp(`/companies/${COMPANY_ID}`);
    const phone = await screen.findByLabelText(/^Phone/);
    await user.clear(phone);
    await user.type(phone, '775-555-abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone number is not valid')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('PUT', `/api/Company/${COMPANY_ID}`)).toHaveLength(0);

    // digits only: saved, with the unchanged name and status the server accepts from a non-admin
    await user.clear(phone);
    await user.type(phone, '7755550199');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PUT', `/api/Company/${COMPANY_ID}`)).toHaveLength(1));
    expect(net.callsTo('PUT', `/api/Company/${COMPANY_ID}`)[0]!.body).toMatchObject({ phone: '7755550199', name: 'Sierra Skies Aviation', status: 'Active' });
    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
  });
});
