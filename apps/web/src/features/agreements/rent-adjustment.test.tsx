import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRentAdjustmentPreview } from '@apron/core/agreements';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { agreement, AGREEMENT_ID, agreementProperty, OPTION_ROUTES } from './agreements.test-support';

const HANGAR_A = '8f6c5b7a-0e1d-4f2a-9b4c-5d6e7f8091a2';
const HANGAR_B = '9a7d6c8b-1f2e-4a3b-8c5d-6e7f8091a2b3';

function preview(overrides: Partial<TRentAdjustmentPreview> = {}): TRentAdjustmentPreview {
  const base = { skuType: 'CPI' as const, skuValue: 2, appliedPercent: 4, due: true, effectiveDate: '2026-09-01' };
  return {
    agreementId: AGREEMENT_ID, today: '2026-11-22', paymentTypeName: 'CPI annual', skuType: 'CPI', adjustmentDate: '2025-09-01', adjustmentFreq: 12, canApply: true,
    rows: [
      {
        ...base, propertyId: HANGAR_A, propertyName: 'Hangar A1', currentRent: 1250.5, newRent: 1300.52, reason: 'CPI 2025-08 -> 2026-08: +4% (min 2%) = +4%', problem: null,
        cpi: { basePeriod: '2025-08', baseValue: 300, currentPeriod: '2026-08', currentValue: 312, changePercent: 4 },
      },
      { ...base, propertyId: HANGAR_B, propertyName: 'Hangar B2', currentRent: 900, newRent: 936, reason: 'CPI 2025-08 -> 2026-08: +4% (min 2%) = +4%', problem: null, cpi: null },
    ],
    ...overrides,
  };
}

function routes(body: TRentAdjustmentPreview, isAdmin = true) {
  return {
    ...CSRF_ROUTE,
    ...OPTION_ROUTES,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Lease'], isAdmin })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Agreements/${AGREEMENT_ID}`]: { body: agreement() },
    [`GET /api/Agreements/Properties/${AGREEMENT_ID}`]: { body: [agreementProperty(HANGAR_A, 'Hangar A1', 1250.5)] },
    [`GET /api/Agreements/RentAdjustment/${AGREEMENT_ID}/Preview`]: { body },
    [`POST /api/Agreements/RentAdjustment/${AGREEMENT_ID}`]: { body: { message: 'Updated Successfully', applied: [] } },
    'POST /api/Attachments/List': { body: [] },
    'GET /api/AttachmentTypes': { body: [] },
    'POST /api/Remarks/List': { body: [] },
  };
}

describe('rent adjustment on the agreement page', () => {
  it('previews each property (current rent, new rent, date, reason) and applies after confirmation', async () => {
    const user = userEvent.setup();
    const net = stubFetch(routes(preview()));
    renderApp(`/agreements/${AGREEMENT_ID}`);

    const table = await screen.findByRole('table', { name: 'Rent adjustment preview' });
    const row = within(table).getByRole('row', { name: /Hangar A1/ });
    expect(within(row).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(row).getByText('$1,300.52')).toBeInTheDocument();
    expect(within(row).getByText('09/01/2026')).toBeInTheDocument();
    expect(within(row).getByText('CPI 2025-08 -> 2026-08: +4% (min 2%) = +4%')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply Rent Adjustment' });
    expect(within(dialog).getByText(/Apply 2 due rent adjustments\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/Agreements/RentAdjustment/${AGREEMENT_ID}`)).toHaveLength(1);
  });

  it('shows a missing CPI index and offers no Apply; Lease staff never see Apply', async () => {
    const missing = preview({ canApply: false });
    missing.rows = [{ ...missing.rows[0]!, newRent: null, appliedPercent: null, problem: 'CPI index for 2026-08 is missing' }];
    stubFetch(routes(missing, false));
    renderApp(`/agreements/${AGREEMENT_ID}`);
    const table = await screen.findByRole('table', { name: 'Rent adjustment preview' });
    expect(within(table).getByText('CPI index for 2026-08 is missing')).toBeInTheDocument();
    expect(within(table).getByText('NA')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });
});
