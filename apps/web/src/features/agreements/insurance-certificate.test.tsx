import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch, type TStubResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { agreement, AGREEMENT_ID, agreementProperty, OPTION_ROUTES } from './agreements.test-support';

const HANGAR_A = '8f6c5b7a-0e1d-4f2a-9b4c-5d6e7f8091a2';
const GL_TYPE = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const INSURANCE_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const STAMP = '2026-01-01T00:00:00.000Z';
const saved = { _id: INSURANCE_ID, agreementId: AGREEMENT_ID, propertyId: HANGAR_A, insuranceType: GL_TYPE, insuranceTypeName: 'General Liability', maxCoverageAmount: 1_000_000, startDate: '2026-01-01', endDate: '2027-01-01', isApproved: false, createdAt: STAMP, updatedAt: STAMP };

describe('the staff insurance form (issue 24 fields)', () => {
  it('saves carrier, policy, limits and flags, then the certificate; a refused file leaves one record, updated on the next Save', { timeout: 180_000 }, async () => {
    const user = userEvent.setup();
    let certificateAnswer: TStubResponse = { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only PDF, PNG and JPEG certificates are accepted.' } };
    const net = stubFetch({
      ...CSRF_ROUTE,
      ...OPTION_ROUTES,
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Lease', 'Property'], isAdmin: true })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      [`GET /api/Agreements/${AGREEMENT_ID}`]: { body: agreement() },
      [`GET /api/Agreements/Properties/${AGREEMENT_ID}`]: { body: [agreementProperty(HANGAR_A, 'Hangar A1', 1250.5)] },
      [`GET /api/Agreements/Properties/${AGREEMENT_ID}/${HANGAR_A}`]: { body: { ...agreementProperty(HANGAR_A, 'Hangar A1', 1250.5), securityDeposit: null, insurances: [], aircraft: [] } },
      'GET /api/Agreements/PropertyList/All': { body: [] },
      'GET /api/InsuranceTypes': { body: [{ _id: GL_TYPE, name: 'General Liability', createdAt: STAMP, updatedAt: STAMP }] },
      'POST /api/Insurance/add': { status: 201, body: saved },
      [`PUT /api/Insurance/update/${INSURANCE_ID}`]: { body: saved },
      [`POST /api/Insurances/${INSURANCE_ID}/Certificate`]: () => certificateAnswer,
      'POST /api/Attachments/List': { body: [] },
      'GET /api/AttachmentTypes': { body: [] },
      'POST /api/Remarks/List': { body: [] },
    });
    renderApp(`/agreements/${AGREEMENT_ID}`);
    // the first render compiles the lazy agreement route: slow on a loaded machine
    await screen.findByText('Hangar A1', {}, { timeout: 60_000 });
    const table = screen.getByRole('table', { name: 'Properties of the agreement' });
    await user.click(within(table).getByRole('button', { name: 'Open Hangar A1' }));
    await user.click(await screen.findByRole('tab', { name: 'Insurances' }));
    await user.click(await screen.findByRole('button', { name: 'Add Insurance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Insurance' });
    await user.selectOptions(within(dialog).getByLabelText(/^Insurance Type/), GL_TYPE);
    await user.type(within(dialog).getByLabelText(/^Carrier/), 'Acme Mutual');
    await user.type(within(dialog).getByLabelText(/^Policy Number/), 'GL-1');
    await user.type(within(dialog).getByLabelText(/^Max Coverage Amount/), '1000000');
    await user.type(within(dialog).getByLabelText(/^Per Occurrence Limit/), '1000000');
    await user.type(within(dialog).getByLabelText(/^Aggregate Limit/), '2000000');
    await user.click(within(dialog).getByLabelText('Airport named as additional insured'));
    await user.upload(within(dialog).getByLabelText('Certificate (PDF or image)'), new File(['%PDF-1.4'], 'coi.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Only PDF, PNG and JPEG certificates are accepted.')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Insurance/add')[0]!.body).toMatchObject({
      insuranceType: GL_TYPE, carrier: 'Acme Mutual', policyNumber: 'GL-1', perOccurrenceLimit: 1_000_000, aggregateLimit: 2_000_000,
      additionalInsured: true, waiverOfSubrogation: false, agreementId: AGREEMENT_ID, propertyId: HANGAR_A,
    });
    expect(net.callsTo('POST', '/api/Insurance/add')[0]!.body).not.toHaveProperty('isApproved');

    certificateAnswer = { status: 200, body: saved };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added Successfully')).toBeInTheDocument();
    // the record made by the first Save is updated, not added twice
    expect(net.callsTo('POST', '/api/Insurance/add')).toHaveLength(1);
    expect(net.callsTo('PUT', `/api/Insurance/update/${INSURANCE_ID}`)).toHaveLength(1);
    const sent = net.callsTo('POST', `/api/Insurances/${INSURANCE_ID}/Certificate`);
    expect(sent).toHaveLength(2);
    expect(((sent[1]!.body as FormData).get('file') as File).name).toBe('coi.pdf');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Insurance' })).not.toBeInTheDocument());
  });
});
