import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { agreement, AGREEMENT_ID, CYCLE_ID, OPTION_ROUTES, OWNER_ID, PAYMENT_TYPE_ID } from './agreements.test-support';
import { renderApp } from '../../test/render';

function stubLeaseAdmin() {
  return stubFetch({
    ...CSRF_ROUTE,
    ...OPTION_ROUTES,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Lease'], isAdmin: true })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`PUT /api/Agreements/${AGREEMENT_ID}`]: { body: agreement({ status: 'Archived', abilities: { ...agreement().abilities, edit: false } }) },
    'POST /api/Agreements': { status: 201, body: agreement({ renewable: true, endDate: '2026-12-31' }) },
    [`GET /api/Agreements/${AGREEMENT_ID}`]: { body: agreement({ renewable: true, endDate: '2026-12-31' }) },
    [`GET /api/Agreements/Properties/${AGREEMENT_ID}`]: { body: [] },
    'GET /api/Agreements/PropertyList/All': { body: [] },
    'POST /api/Attachments/List': { body: [] },
    'GET /api/AttachmentTypes': { body: [] },
    'POST /api/Remarks/List': { body: [] },
  });
}

describe('agreement form', () => {
  it('shows End Date only with Renewable, and then requires it', async () => {
    const user = userEvent.setup();
    const net = stubLeaseAdmin();
    renderApp(`/agreements/add?owner=${OWNER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Agreement' })).toBeInTheDocument();
    // the owner comes prefilled from the company's Lease Agreements page
    expect(screen.getByLabelText(/^Owner/)).toHaveValue(OWNER_ID);
    expect(screen.queryByLabelText(/^End Date/)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Agreement Title/), 'Hangar Row B lease');
    await user.type(screen.getByLabelText(/^Agreement Number/), 'LA-2024-001');
    await user.type(screen.getByLabelText(/^Description/), 'Two hangars');
    await user.type(screen.getByLabelText(/^Start Date/), '2024-01-01');
    await user.selectOptions(screen.getByLabelText(/^Invoice Cycle/), CYCLE_ID);
    await user.selectOptions(screen.getByLabelText(/^Rent Adjustment Type/), PAYMENT_TYPE_ID);
    await user.click(screen.getByLabelText('Renewable'));

    const endDate = await screen.findByLabelText(/^End Date/);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('End Date is required')).toBeInTheDocument();
    expect(endDate).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('POST', '/api/Agreements')).toHaveLength(0);

    await user.type(endDate, '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/Agreements')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/Agreements')[0]!.body).toMatchObject({
      title: 'Hangar Row B lease', renewable: true, endDate: '2026-12-31', tenantId: OWNER_ID, invoiceCycleId: CYCLE_ID, rentAdjustmentType: PAYMENT_TYPE_ID,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hangar Row B lease' })).toBeInTheDocument();
  });

  it('hides End Date again when Renewable is cleared', async () => {
    const user = userEvent.setup();
    stubLeaseAdmin();
    renderApp(`/agreements/${AGREEMENT_ID}`);
    expect(await screen.findByLabelText(/^End Date/)).toHaveValue('2026-12-31');
    await user.click(screen.getByLabelText('Renewable'));
    expect(screen.queryByLabelText(/^End Date/)).not.toBeInTheDocument();
  });

  it('asks before archiving, which cannot be undone', async () => {
    const user = userEvent.setup();
    const net = stubLeaseAdmin();
    renderApp(`/agreements/${AGREEMENT_ID}`);
    await user.selectOptions(await screen.findByLabelText(/^Status/), 'Archived');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Agreement' });
    expect(net.callsTo('PUT', `/api/Agreements/${AGREEMENT_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(net.callsTo('PUT', `/api/Agreements/${AGREEMENT_ID}`)).toHaveLength(1));
    expect(net.callsTo('PUT', `/api/Agreements/${AGREEMENT_ID}`)[0]!.body).toMatchObject({ status: 'Archived' });
    // the answer says it is no longer editable: the form turns read-only
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());
  });
});
