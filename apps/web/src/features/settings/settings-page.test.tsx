import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

// Spec doc 1 §2: the sixteen Settings entries, in its order, then ours (CPI Index, Parking Rates).
const SPEC_ENTRIES = [
  'Accounts', 'Document Types', 'Insurance Types', 'Invoice Cycles', 'Payment Types', 'Notifications', 'Notices', 'Property Types',
  'Property Attributes', 'Property Areas', 'Property FactSheet', 'Notifications Sent', 'System Settings', 'Master Inspection',
  'Master Workorder', 'Master Asset',
];

describe('/settings', { timeout: 60_000 }, () => {
  it("lists the spec's sixteen entries in its order; Property FactSheet leads to the fact sheet page", async () => {
    stubFetch({ ...CSRF_ROUTE, 'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings'], isAdmin: true })) }, 'GET /api/AppConfig': { body: appConfig(true) } });
    renderApp('/settings');
    const list = await screen.findByRole('list', { name: 'Settings' }, { timeout: 20_000 });
    const labels = within(list).getAllByRole('link').map((link) => link.textContent);
    expect(labels.slice(0, 16)).toEqual(SPEC_ENTRIES);
    expect(within(list).getByRole('link', { name: 'Property FactSheet' })).toHaveAttribute('href', '/settings/factsheet');
  });
});
