import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { AGREEMENT_ID, agreementPageRoutes, compliance, GENERAL_LIABILITY, GL_TYPE, INSURANCE_ID, insuranceRecord } from './insurance.test-support';
import type { TCompliance } from './api';

const STAFF_COMPLIANCE = `GET /api/Insurance/Compliance/Agreements/${AGREEMENT_ID}`;
const TENANT_COMPLIANCE = `GET /api/Company/Agreements/${AGREEMENT_ID}/Insurance`;
const TENANT_UPLOAD = `/api/Company/Agreements/${AGREEMENT_ID}/Certificates`;

async function section() {
  return screen.findByRole('region', { name: 'Insurance compliance' });
}

describe('insurance compliance on the agreement (staff)', () => {
  it('shows the status, the failing requirement and approves a pending certificate after confirmation', async () => {
    const user = userEvent.setup();
    let current: TCompliance = compliance({ insurances: [insuranceRecord()] });
    const net = stubFetch({
      ...agreementPageRoutes(false),
      [STAFF_COMPLIANCE]: () => ({ body: current }),
      [`GET /api/Insurance/Requirements/Agreements/${AGREEMENT_ID}`]: { body: { overridden: false, requirements: [GENERAL_LIABILITY] } },
      [`POST /api/Insurances/${INSURANCE_ID}/Approve`]: () => {
        current = compliance({ status: 'Compliant', problems: [], expiresOn: '2027-01-01', insurances: [insuranceRecord({ approvalStatus: 'Approved', isApproved: true })] });
        return { body: current.insurances[0] };
      },
    });
    renderApp(`/agreements/${AGREEMENT_ID}`);
    const region = await section();
    expect(await within(region).findByText('Deficient')).toBeInTheDocument();
    expect(within(region).getByText('General Liability: no approved certificate')).toBeInTheDocument();
    expect(await within(region).findByText("(from the properties' types)")).toBeInTheDocument();
    const requirements = within(region).getByRole('table', { name: 'Insurance requirements' });
    expect(within(requirements).getByText('$1,000,000.00')).toBeInTheDocument();
    const certificates = within(region).getByRole('table', { name: 'Certificates' });
    expect(within(certificates).getByText('Pending approval')).toBeInTheDocument();
    expect(within(certificates).getByRole('link', { name: 'coi.pdf' })).toHaveAttribute('href', '/api/Insurances/x/Certificate');

    await user.click(within(certificates).getByRole('button', { name: /^Approve the General Liability certificate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Certificate' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(region).findByText('Compliant')).toBeInTheDocument();
    expect(within(region).getByText('Approved')).toBeInTheDocument();
    expect(within(region).queryByRole('alert', { name: 'Compliance problems' })).not.toBeInTheDocument();
    expect(net.callsTo('POST', `/api/Insurances/${INSURANCE_ID}/Approve`)).toHaveLength(1);
  });

  it('rejects only with a reason', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...agreementPageRoutes(false),
      [STAFF_COMPLIANCE]: { body: compliance({ insurances: [insuranceRecord()] }) },
      [`GET /api/Insurance/Requirements/Agreements/${AGREEMENT_ID}`]: { body: { overridden: false, requirements: [GENERAL_LIABILITY] } },
      [`POST /api/Insurances/${INSURANCE_ID}/Reject`]: { body: insuranceRecord({ approvalStatus: 'Rejected', rejectionReason: 'Wrong insured name' }) },
    });
    renderApp(`/agreements/${AGREEMENT_ID}`);
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: /^Reject the General Liability certificate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Certificate' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/Insurances/${INSURANCE_ID}/Reject`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong insured name');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(net.callsTo('POST', `/api/Insurances/${INSURANCE_ID}/Reject`)).toHaveLength(1));
    expect(net.callsTo('POST', `/api/Insurances/${INSURANCE_ID}/Reject`)[0]!.body).toEqual({ reason: 'Wrong insured name' });
  });

  it('overrides the requirements for the agreement, refusing a negative limit with the field named', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...agreementPageRoutes(false),
      [STAFF_COMPLIANCE]: { body: compliance() },
      [`GET /api/Insurance/Requirements/Agreements/${AGREEMENT_ID}`]: { body: { overridden: false, requirements: [GENERAL_LIABILITY] } },
      [`PUT /api/Insurance/Requirements/Agreements/${AGREEMENT_ID}`]: (call) => ({ body: { overridden: true, ...(call.body as object) } }),
    });
    renderApp(`/agreements/${AGREEMENT_ID}`);
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Override for this agreement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insurance Requirements of this Agreement' });
    const row = within(dialog).getByRole('group', { name: 'Requirement 1' });
    const perOccurrence = within(row).getByLabelText(/Min Per Occurrence/);
    // the person selects the stored limit and types over it
    const typeOver = async (input: HTMLElement, text: string) => {
      await user.tripleClick(input);
      await user.keyboard(text);
    };
    await typeOver(perOccurrence, '-5');
    const aggregate = within(row).getByLabelText(/Min Aggregate/);
    await typeOver(aggregate, 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Min Per Occurrence cannot be negative')).toBeInTheDocument();
    expect(within(dialog).getByText('Min Aggregate must be a number')).toBeInTheDocument();
    expect(net.callsTo('PUT', `/api/Insurance/Requirements/Agreements/${AGREEMENT_ID}`)).toHaveLength(0);

    await typeOver(perOccurrence, '500000');
    await typeOver(aggregate, '1000000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PUT', `/api/Insurance/Requirements/Agreements/${AGREEMENT_ID}`)).toHaveLength(1));
    expect(net.callsTo('PUT', `/api/Insurance/Requirements/Agreements/${AGREEMENT_ID}`)[0]!.body).toEqual({
      requirements: [{ ...GENERAL_LIABILITY, minPerOccurrence: 500000, minAggregate: 1000000 }],
    });
  });

  it('returns to the property type requirements after confirmation', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...agreementPageRoutes(false),
      [STAFF_COMPLIANCE]: { body: compliance() },
      [`GET /api/Insurance/Requirements/Agreements/${AGREEMENT_ID}`]: { body: { overridden: true, requirements: [GENERAL_LIABILITY] } },
      [`DELETE /api/Insurance/Requirements/Agreements/${AGREEMENT_ID}`]: { body: { overridden: false, requirements: [] } },
    });
    renderApp(`/agreements/${AGREEMENT_ID}`);
    const region = await section();
    expect(await within(region).findByText('(overridden for this agreement)')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Use property type requirements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use Property Type Requirements' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove override' }));
    await waitFor(() => expect(net.callsTo('DELETE', `/api/Insurance/Requirements/Agreements/${AGREEMENT_ID}`)).toHaveLength(1));
  });
});

describe('insurance compliance on the agreement (tenant)', () => {
  it('shows the status and problems and offers no staff actions', async () => {
    stubFetch({ ...agreementPageRoutes(true), [TENANT_COMPLIANCE]: { body: compliance({ insurances: [insuranceRecord()] }) } });
    renderApp(`/agreements/${AGREEMENT_ID}`);
    const region = await section();
    expect(await within(region).findByText('Deficient')).toBeInTheDocument();
    expect(within(region).getByText('General Liability: no approved certificate')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Upload certificate' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Override for this agreement' })).not.toBeInTheDocument();
  });

  it('uploads a certificate: a file that is not a PDF or image and a negative limit are refused before sending; then it shows Pending approval', async () => {
    const user = userEvent.setup({ applyAccept: false });
    let current = compliance();
    const net = stubFetch({
      ...agreementPageRoutes(true),
      [TENANT_COMPLIANCE]: () => ({ body: current }),
      [`POST ${TENANT_UPLOAD}`]: () => {
        current = compliance({ insurances: [insuranceRecord()] });
        return { status: 201, body: insuranceRecord() };
      },
    });
    renderApp(`/agreements/${AGREEMENT_ID}`);
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Upload certificate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Certificate' });
    // the agreement's one requirement is chosen already
    expect(within(dialog).getByLabelText(/Coverage Type/)).toHaveValue(GL_TYPE);

    await user.upload(within(dialog).getByLabelText('Choose certificate file'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Only PDF, PNG and JPEG certificates are accepted.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Carrier/), 'Acme Mutual');
    await user.type(within(dialog).getByLabelText(/Policy Number/), 'GL-1');
    await user.type(within(dialog).getByLabelText(/Per Occurrence Limit/), '-1');
    await user.type(within(dialog).getByLabelText(/Aggregate Limit/), '2000000');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Per Occurrence Limit cannot be negative')).toBeInTheDocument();
    expect(net.callsTo('POST', TENANT_UPLOAD)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Per Occurrence Limit/));
    await user.type(within(dialog).getByLabelText(/Per Occurrence Limit/), '1000000');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose the certificate file (PDF, PNG or JPEG)')).toBeInTheDocument();
    expect(net.callsTo('POST', TENANT_UPLOAD)).toHaveLength(0);

    await user.upload(within(dialog).getByLabelText('Choose certificate file'), new File(['%PDF-1.4'], 'coi.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Certificate uploaded: pending approval')).toBeInTheDocument();
    const sent = net.callsTo('POST', TENANT_UPLOAD)[0]!.body as FormData;
    expect(sent.get('insuranceTypeId')).toBe(GL_TYPE);
    expect(sent.get('perOccurrenceLimit')).toBe('1000000');
    expect(sent.get('additionalInsured')).toBe('false');
    expect((sent.get('file') as File).name).toBe('coi.pdf');
    expect(await within(region).findByText('Pending approval')).toBeInTheDocument();
  });
});
