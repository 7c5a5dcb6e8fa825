import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TModule } from '@apron/core/access';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { agreement, AGREEMENT_ID, OPTION_ROUTES } from './agreements.test-support';

const SCHEDULE = {
  agreementId: AGREEMENT_ID, agreementNum: 'LA-2024-001', companyName: 'Sierra Skies Aviation', rate: 4.25, commencement: '2024-01-01', termEnd: '2033-12-31',
  exclusion: null, receivable: 95_000, deferredInflow: 96_000,
  schedule: [{ date: '2024-02-01', payment: 1_000, interest: 336.46, principal: 663.54, balance: 94_336.46 }],
  measurements: [{ version: 1, measuredOn: '2024-01-01', reason: 'commencement', receivable: 95_000, deferredInflow: 96_000 }],
};

function stubAs(modules: TModule[], isInternal = true) {
  const user = isInternal ? buildUser({ modules, isAdmin: true }) : buildUser({ isInternal: false, companyId: 'c1', modules: [] });
  const readOnly = { ...agreement().abilities, edit: isInternal };
  return stubFetch({
    ...CSRF_ROUTE,
    ...OPTION_ROUTES,
    'GET /api/Session': { body: accessBody(user) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Agreements/${AGREEMENT_ID}`]: { body: agreement({ abilities: readOnly }) },
    [`PUT /api/Agreements/${AGREEMENT_ID}`]: (call) => ({ body: agreement({ ...(call.body as object), endDate: null }) }),
    [`GET /api/Agreements/Properties/${AGREEMENT_ID}`]: { body: [] },
    'GET /api/Agreements/PropertyList/All': { body: [] },
    [`GET /api/Agreements/RentAdjustment/${AGREEMENT_ID}/Preview`]: { body: { agreementId: AGREEMENT_ID, today: '2026-11-27', paymentTypeName: 'CPI', skuType: 'CPI', adjustmentDate: null, adjustmentFreq: null, rows: [], canApply: false } },
    'POST /api/Attachments/List': { body: [] },
    'GET /api/AttachmentTypes': { body: [] },
    'POST /api/Remarks/List': { body: [] },
    [`GET /api/Reports/Gasb87/Agreements/${AGREEMENT_ID}`]: { body: SCHEDULE },
  });
}

describe('the agreement form\'s GASB 87 inputs', () => {
  it('asks for the renewal term end once the renewal is reasonably certain, then saves the inputs', async () => {
    const user = userEvent.setup();
    const net = stubAs(['Lease']);
    renderApp(`/agreements/${AGREEMENT_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Lease accounting (GASB 87)' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Renewal term end/)).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Renewal reasonably certain'));
    const renewalEnd = await screen.findByLabelText(/^Renewal term end/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Renewal term end is required when the renewal is reasonably certain')).toBeInTheDocument();
    expect(net.callsTo('PUT', `/api/Agreements/${AGREEMENT_ID}`)).toHaveLength(0);

    await user.type(renewalEnd, '2038-12-31');
    await user.type(screen.getByLabelText(/^Discount rate/), '4.25');
    await user.click(screen.getByLabelText('Regulated aviation lease'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PUT', `/api/Agreements/${AGREEMENT_ID}`)).toHaveLength(1));
    expect(net.callsTo('PUT', `/api/Agreements/${AGREEMENT_ID}`)[0]!.body).toMatchObject({
      gasbRenewalCertain: true, gasbRenewalEnd: '2038-12-31', gasbDiscountRate: 4.25, gasbRegulated: true, gasbModificationDate: null,
    });
  }, 60_000); // the whole agreement page typed into on a busy 2-core machine

  it('a tenant sees neither the inputs nor the lease accounting', async () => {
    const net = stubAs([], false);
    renderApp(`/agreements/${AGREEMENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hangar Row B lease' })).toBeInTheDocument();
    expect(screen.queryByText('Lease accounting (GASB 87)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Regulated aviation lease')).not.toBeInTheDocument();
    expect(net.calls.some((c) => c.path.startsWith('/api/Reports/Gasb87'))).toBe(false);
  });
});

describe('the agreement page\'s Lease accounting section', () => {
  it('shows Reports staff the lease\'s rate, receivable, deferred inflow and schedule', async () => {
    stubAs(['Lease', 'Reports']);
    renderApp(`/agreements/${AGREEMENT_ID}`);
    const figures = await screen.findByRole('group', { name: 'Lease accounting figures' });
    expect(figures).toHaveTextContent('Discount rate:4.25%');
    expect(figures).toHaveTextContent('Deferred inflow:$96,000.00');
    expect(await screen.findByRole('grid', { name: 'Lease schedule' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Excel' }).getAttribute('href')).toBe(`/api/Reports/Export/gasb87-schedule?format=xlsx&agreementId=${AGREEMENT_ID}`);
  });

  it('is not there for staff without the Reports module', async () => {
    const net = stubAs(['Lease']);
    renderApp(`/agreements/${AGREEMENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hangar Row B lease' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lease accounting (GASB 87)' })).not.toBeInTheDocument();
    expect(net.calls.some((c) => c.path.startsWith('/api/Reports/Gasb87'))).toBe(false);
  });
});
