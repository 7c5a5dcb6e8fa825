import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AGREEMENT_MESSAGES } from '@apron/core/agreements';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { agreement, AGREEMENT_ID, agreementProperty, OPTION_ROUTES } from './agreements.test-support';

const HANGAR_A = '8f6c5b7a-0e1d-4f2a-9b4c-5d6e7f8091a2';
const HANGAR_B = '9a7d6c8b-1f2e-4a3b-8c5d-6e7f8091a2b3';

describe('properties on an agreement', () => {
  it("lists name and rent, and shows the server's overlap refusal as an error toast", async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...CSRF_ROUTE,
      ...OPTION_ROUTES,
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Lease', 'Property'], isAdmin: true })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      [`GET /api/Agreements/${AGREEMENT_ID}`]: { body: agreement() },
      [`GET /api/Agreements/Properties/${AGREEMENT_ID}`]: { body: [agreementProperty(HANGAR_A, 'Hangar A1', 1250.5)] },
      'GET /api/Agreements/PropertyList/All': {
        body: [
          { _id: HANGAR_A, name: 'Hangar A1', rent: 1250.5, status: 'Leased' },
          { _id: HANGAR_B, name: 'Hangar B2', rent: 900, status: 'Leased' },
        ],
      },
      [`POST /api/Agreements/Properties/${AGREEMENT_ID}/${HANGAR_B}`]: { status: 409, body: { code: 'CONFLICT', message: AGREEMENT_MESSAGES.alreadyLeased } },
      'POST /api/Attachments/List': { body: [] },
      'GET /api/AttachmentTypes': { body: [] },
      'POST /api/Remarks/List': { body: [] },
    });
    renderApp(`/agreements/${AGREEMENT_ID}`);

    const table = await screen.findByRole('table', { name: 'Properties of the agreement' });
    const row = within(table).getByRole('row', { name: /Hangar A1/ });
    expect(within(row).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Remove Hangar A1' })).toBeInTheDocument();

    // the property already on the agreement is not offered again
    const select = screen.getByLabelText('Property');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Hangar B2 (Leased)' })).toBeInTheDocument());
    expect(within(select).queryByRole('option', { name: /Hangar A1/ })).not.toBeInTheDocument();

    await user.selectOptions(select, HANGAR_B);
    await user.click(screen.getByRole('button', { name: 'Add Property' }));
    expect(await screen.findByText(AGREEMENT_MESSAGES.alreadyLeased)).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/Agreements/Properties/${AGREEMENT_ID}/${HANGAR_B}`)).toHaveLength(1);
    // nothing was added
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('asks before removing a property', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...CSRF_ROUTE,
      ...OPTION_ROUTES,
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Lease', 'Property'], isAdmin: true })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      [`GET /api/Agreements/${AGREEMENT_ID}`]: { body: agreement() },
      [`GET /api/Agreements/Properties/${AGREEMENT_ID}`]: { body: [agreementProperty(HANGAR_A, 'Hangar A1', 1250.5)] },
      'GET /api/Agreements/PropertyList/All': { body: [] },
      [`DELETE /api/Agreements/Properties/${AGREEMENT_ID}/${HANGAR_A}`]: { body: { message: 'Removed Successfully' } },
      'POST /api/Attachments/List': { body: [] },
      'GET /api/AttachmentTypes': { body: [] },
      'POST /api/Remarks/List': { body: [] },
    });
    renderApp(`/agreements/${AGREEMENT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Remove Hangar A1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Property' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(net.callsTo('DELETE', `/api/Agreements/Properties/${AGREEMENT_ID}/${HANGAR_A}`)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Remove Hangar A1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Property' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/api/Agreements/Properties/${AGREEMENT_ID}/${HANGAR_A}`)).toHaveLength(1));
    expect(await screen.findByText('Removed Successfully')).toBeInTheDocument();
  });
});
