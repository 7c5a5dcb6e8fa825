import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { TBillingPreview, TBillingRun } from '@apron/core/invoices';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { accessBody, buildUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { BillingPreviewPage } from './billing-preview-page';

const CYCLE = '11111111-1111-4111-8111-111111111111';
const ALPHA = '22222222-2222-4222-8222-222222222222';
const BRAVO = '33333333-3333-4333-8333-333333333333';
const RUN = '44444444-4444-4444-8444-444444444444';
const PREVIEW_PATH = `/api/InvoiceCycles/${CYCLE}/Preview`;

function buildPreview(overrides: Partial<TBillingPreview> = {}): TBillingPreview {
  return {
    cycleId: CYCLE,
    cycleName: 'Monthly',
    period: { from: '2025-03-01', to: '2025-03-31' },
    scheduledFor: '2025-03-01',
    companies: [
      {
        companyId: ALPHA, companyName: 'Alpha Aviation', held: null, total: 770.21, lastPeriodTotal: 450.5,
        lines: [
          { agreementNum: 'AG-1', propertyName: 'Hangar 1', description: '03/01/2025 - 03/31/2025', amount: 450.5 },
          { agreementNum: 'AG-2', propertyName: 'Hangar 2', description: '03/10/2025 - 03/31/2025 (22 of 31 days)', amount: 319.71 },
        ],
        changes: [{ kind: 'new', agreementNum: 'AG-2', propertyName: 'Hangar 2', detail: 'Starts 03/10/2025' }],
      },
      {
        companyId: BRAVO, companyName: 'Bravo Jets', held: null, total: 464.02, lastPeriodTotal: 450.5,
        lines: [{ agreementNum: 'AG-3', propertyName: 'Hangar 3', description: '03/01/2025 - 03/31/2025', amount: 464.02 }],
        changes: [{ kind: 'escalated', agreementNum: 'AG-3', propertyName: 'Hangar 3', detail: '$450.50 -> $464.02' }],
      },
    ],
    total: 1234.23, heldTotal: 0, lastPeriodTotal: 901, companyCount: 2, billedCompanyCount: 2, invoiceCount: 3, page: 1, pageSize: 10, alreadyRun: false,
    ...overrides,
  };
}

const run = (overrides: Partial<TBillingRun>): TBillingRun => ({
  runId: RUN, cycleId: CYCLE, period: { from: '2025-03-01', to: '2025-03-31' }, status: 'running', done: 1, total: 3, created: 1, error: null, ...overrides,
});

function renderPage(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/invoices/cycles/:cycleId/preview" element={<BillingPreviewPage />} />
    </Routes>,
    path,
  );
}

function access(isAdmin = true) {
  return { 'GET /api/Session': { body: accessBody(buildUser({ modules: ['Invoices'], isAdmin })) } };
}

describe('Billing run preview', { timeout: 60_000 }, () => {
  it('shows the period, totals and each company with its lines and change chips', async () => {
    const user = userEvent.setup();
    stubFetch({ ...access(), [`GET ${PREVIEW_PATH}`]: { body: buildPreview() } });
    renderPage(`/invoices/cycles/${CYCLE}/preview`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing run preview' })).toBeInTheDocument();
    expect(screen.getByText('Monthly: 03/01/2025 - 03/31/2025')).toBeInTheDocument();
    const totals = within(screen.getByLabelText('Totals'));
    expect(totals.getByText('$1,234.23')).toBeInTheDocument();
    expect(totals.getByText('2 of 2')).toBeInTheDocument();
    expect(screen.getByText('New lease')).toBeInTheDocument();
    expect(screen.getByText('Rent up')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Alpha Aviation/ }));
    const lines = within(await screen.findByRole('table', { name: 'Lines of Alpha Aviation' }));
    expect(lines.getByText('03/10/2025 - 03/31/2025 (22 of 31 days)')).toBeInTheDocument();
    expect(lines.getByText('$319.71')).toBeInTheDocument();
    expect(screen.getByText(/Starts 03\/10\/2025/)).toBeInTheDocument();
  });

  it('holds a company only with a reason, then shows it held', async () => {
    const user = userEvent.setup();
    let held = false;
    const net = stubFetch({
      ...access(),
      ...CSRF_ROUTE,
      [`GET ${PREVIEW_PATH}`]: () => ({
        body: held
          ? buildPreview({ companies: buildPreview().companies.map((c) => (c.companyId === BRAVO ? { ...c, held: { reason: 'Disputed', by: 'pat.staff@apron.test', at: '2025-02-20T10:00:00.000Z' } } : c)), heldTotal: 464.02, total: 770.21, billedCompanyCount: 1 })
          : buildPreview(),
      }),
      [`POST /api/InvoiceCycles/${CYCLE}/Holds`]: () => {
        held = true;
        return { status: 201, body: {} };
      },
    });
    renderPage(`/invoices/cycles/${CYCLE}/preview`);
    await user.click(await screen.findByRole('button', { name: /^Bravo Jets/ }));
    await user.click(await screen.findByRole('button', { name: 'Hold Bravo Jets' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Hold Bravo Jets' }));
    await user.click(dialog.getByRole('button', { name: 'Hold' }));
    expect(dialog.getByText('Reason is required')).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/InvoiceCycles/${CYCLE}/Holds`)).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Disputed');
    await user.click(dialog.getByRole('button', { name: 'Hold' }));
    await waitFor(() => expect(net.callsTo('POST', `/api/InvoiceCycles/${CYCLE}/Holds`)).toHaveLength(1));
    expect(net.callsTo('POST', `/api/InvoiceCycles/${CYCLE}/Holds`)[0]!.body).toEqual({ companyId: BRAVO, period: '2025-03-01', reason: 'Disputed' });
    await waitFor(() => expect(screen.getByRole('button', { name: /^Bravo Jets/ })).toHaveTextContent('Held'));
    expect(await screen.findByRole('button', { name: 'Release Bravo Jets' })).toBeInTheDocument();
  });

  it('runs now after a confirmation naming the count and total, then follows the run (its id in the address)', async () => {
    const user = userEvent.setup();
    const polls = [run({ status: 'running', done: 1 }), run({ status: 'done', done: 3, created: 3 })];
    const net = stubFetch({
      ...access(),
      ...CSRF_ROUTE,
      [`GET ${PREVIEW_PATH}`]: { body: buildPreview() },
      [`POST /api/InvoiceCycles/${CYCLE}/Run`]: { status: 202, body: { runId: RUN } },
      [`GET /api/InvoiceCycles/Runs/${RUN}`]: () => ({ body: polls.length > 1 ? polls.shift() : polls[0] }),
    });
    const { router } = renderPage(`/invoices/cycles/${CYCLE}/preview`);
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Run Monthly now?' }));
    expect(dialog.getByText(/Bill 2 companies \$1,234.23 \(3 invoices\) for 03\/01\/2025 - 03\/31\/2025 now/)).toBeInTheDocument();
    await user.dblClick(dialog.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?run=${RUN}`));
    const calls = net.callsTo('POST', `/api/InvoiceCycles/${CYCLE}/Run`);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ period: '2025-03-01' });
    expect(calls[0]!.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(await screen.findByRole('progressbar', { name: /Billing: 1 of 3 agreements/ })).toHaveAttribute('aria-valuenow', '33');
    expect(await screen.findByText(/The run is done: 3 invoices created/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the invoices' })).toHaveAttribute('href', '/invoices');
  });

  it('a reload with the run id follows the run; staff who are not Invoices admins see no Run now or Hold', async () => {
    stubFetch({ ...access(false), [`GET ${PREVIEW_PATH}`]: { body: buildPreview() }, [`GET /api/InvoiceCycles/Runs/${RUN}`]: { body: run({ status: 'running', done: 2 }) } });
    renderPage(`/invoices/cycles/${CYCLE}/preview?run=${RUN}`);
    expect(await screen.findByRole('progressbar', { name: /2 of 3 agreements/ })).toHaveAttribute('aria-valuenow', '66');
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /^Alpha Aviation/ }));
    expect(screen.queryByRole('button', { name: 'Hold Alpha Aviation' })).not.toBeInTheDocument();
  });

  it('a bad period shows the server\'s message', async () => {
    stubFetch({ ...access(), [`GET ${PREVIEW_PATH}`]: { status: 400, body: { errors: { period: 'Must be a valid date' } } } });
    renderPage(`/invoices/cycles/${CYCLE}/preview?period=2025-02-30`);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
