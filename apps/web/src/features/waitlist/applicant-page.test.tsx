import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TWaitlistApplicant } from '@apron/core/waitlist';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const user = userEvent.setup({ delay: null });
const TYPE_ID = '5d0c3a1e-2b4f-4c6d-8e9f-0a1b2c3d4e5f';
const ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const COMPANY_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';

const applicant = (admin: boolean): TWaitlistApplicant => ({
  _id: ID, propertyType: TYPE_ID, propertyTypeName: 'T-Hangar', aircrafttype: 'Cessna 172', firstName: 'Jamie', lastName: 'Wingfield', phone: '7755550199',
  email: 'jamie@example.test', organization: 'Wingfield Aero', status: 'Paid', createdAt: '2026-11-20T18:00:00.000Z', queuePosition: 4, companyId: null,
  abilities: { edit: admin, delete: admin, move: admin, createAccount: admin },
});

function stub(admin: boolean, modules: Array<'Waitlist' | 'Company'> = ['Waitlist']) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules, isAdmin: admin })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/WaitList/${ID}`]: { body: applicant(admin) },
    'GET /api/WaitList/Join': { body: { propertyTypes: [{ _id: TYPE_ID, name: 'T-Hangar' }], charge: 10, factSheetUrl: null, staffForm: true, testMode: true } },
    'GET /api/WaitList': { body: [] },
    'POST /api/Attachments/List': { body: [] },
    'GET /api/AttachmentTypes': { body: [] },
    'POST /api/Remarks/List': { body: [] },
    'PUT /api/WaitList': { body: { message: 'Status Updated Successfully', applicant: { ...applicant(admin), status: 'InProgress' } } },
    [`DELETE /api/WaitList/${ID}`]: { body: { message: 'Applicant Deleted' } },
    'POST /api/WaitList/createAccount': { body: { message: 'Account Has Been Created', companyId: COMPANY_ID, created: true } },
  });
}

describe('applicant page', () => {
  it('read-only staff see the applicant without Save, Delete or Create Account', async () => {
    stub(false);
    renderApp(`/waitList/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Jamie Wingfield' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByText('Queue #4 · T-Hangar · Paid')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First Name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Applicant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  }, 120_000);

  it("a Waitlist admin saves ('Status Updated Successfully') and deletes after confirming", async () => {
    const net = stub(true);
    renderApp(`/waitList/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Jamie Wingfield' }, { timeout: 30_000 });
    await user.selectOptions(screen.getByLabelText(/^Status/), 'InProgress');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Status Updated Successfully')).toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/WaitList')[0]!.body).toMatchObject({ _id: ID, status: 'InProgress', propertyType: TYPE_ID });

    await user.click(screen.getByRole('button', { name: 'Delete Applicant' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Applicant' });
    expect(net.callsTo('DELETE', `/api/WaitList/${ID}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete Applicant' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/api/WaitList/${ID}`)).toHaveLength(1));
    expect(await screen.findByText('Applicant Deleted')).toBeInTheDocument();
  }, 120_000);

  it("Create Account asks first, then 'Account Has Been Created' and the new company's page", async () => {
    // the company page is the Owners area: this admin also holds Company
    const net = stub(true, ['Waitlist', 'Company']);
    renderApp(`/waitList/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Jamie Wingfield' }, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Create Account' });
    await user.click(within(confirm).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account Has Been Created')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/WaitList/createAccount')[0]!.body).toEqual({ _id: ID });
    await waitFor(() => expect(net.callsTo('GET', `/api/Company/${COMPANY_ID}`).length).toBeGreaterThan(0), { timeout: 30_000 });
  }, 120_000);
});
