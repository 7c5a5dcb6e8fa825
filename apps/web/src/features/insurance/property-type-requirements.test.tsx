import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { GL_TYPE } from './insurance.test-support';

const HANGAR_TYPE = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const AUTO_TYPE = '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e';
const STAMP = '2026-01-01T00:00:00.000Z';
const REQUIREMENTS = `/api/Insurance/Requirements/PropertyTypes/${HANGAR_TYPE}`;

function routes() {
  return {
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings', 'Property'], isAdmin: true })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/PropertyTypes': { body: [{ _id: HANGAR_TYPE, name: 'Hangar', attributes: [], createdAt: STAMP, updatedAt: STAMP }] },
    'GET /api/PropertyAttributes': { body: [] },
    'GET /api/InsuranceTypes': {
      body: [
        { _id: GL_TYPE, name: 'General Liability', createdAt: STAMP, updatedAt: STAMP },
        { _id: AUTO_TYPE, name: 'Auto Liability', createdAt: STAMP, updatedAt: STAMP },
      ],
    },
    [`GET ${REQUIREMENTS}`]: { body: { requirements: [] } },
    [`PUT ${REQUIREMENTS}`]: (call: { body: unknown }) => ({ body: call.body }),
  };
}

describe('insurance requirements of a property type', () => {
  it('adds rows, refuses negative or non-number limits with the field named, then saves the list', async () => {
    const user = userEvent.setup();
    const net = stubFetch(routes());
    renderApp('/settings/types');
    await screen.findByText('Hangar');
    await user.click(screen.getByRole('button', { name: 'Insurance requirements of Hangar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insurance Requirements: Hangar' });
    expect(within(dialog).getByText('No insurance is required. Add a coverage type to require one.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add Requirement' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Requirement' }));
    const first = within(dialog).getByRole('group', { name: 'Requirement 1' });
    const second = within(dialog).getByRole('group', { name: 'Requirement 2' });
    await user.selectOptions(within(first).getByLabelText(/Coverage Type/), 'General Liability');
    await user.type(within(first).getByLabelText(/Min Per Occurrence/), '-100');
    await user.type(within(first).getByLabelText(/Min Aggregate/), 'a million');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(first).findByText('Min Per Occurrence cannot be negative')).toBeInTheDocument();
    expect(within(first).getByText('Min Aggregate must be a number')).toBeInTheDocument();
    expect(within(second).getByText('Coverage Type is required')).toBeInTheDocument();
    expect(net.callsTo('PUT', REQUIREMENTS)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Remove requirement 2' }));
    await user.clear(within(first).getByLabelText(/Min Per Occurrence/));
    await user.type(within(first).getByLabelText(/Min Per Occurrence/), '1,000,000');
    await user.clear(within(first).getByLabelText(/Min Aggregate/));
    await user.type(within(first).getByLabelText(/Min Aggregate/), '2000000');
    await user.click(within(first).getByLabelText('Additional insured required'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PUT', REQUIREMENTS)).toHaveLength(1));
    expect(net.callsTo('PUT', REQUIREMENTS)[0]!.body).toEqual({
      requirements: [
        { insuranceTypeId: GL_TYPE, insuranceTypeName: 'General Liability', minPerOccurrence: 1_000_000, minAggregate: 2_000_000, additionalInsuredRequired: true, waiverOfSubrogationRequired: false },
      ],
    });
    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
  });

  it('refuses the same coverage type twice', async () => {
    const user = userEvent.setup();
    const net = stubFetch(routes());
    renderApp('/settings/types');
    await screen.findByText('Hangar');
    await user.click(screen.getByRole('button', { name: 'Insurance requirements of Hangar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insurance Requirements: Hangar' });
    for (const index of [1, 2]) {
      await user.click(within(dialog).getByRole('button', { name: 'Add Requirement' }));
      const row = within(dialog).getByRole('group', { name: `Requirement ${index}` });
      await user.selectOptions(within(row).getByLabelText(/Coverage Type/), 'General Liability');
      await user.type(within(row).getByLabelText(/Min Per Occurrence/), '1');
      await user.type(within(row).getByLabelText(/Min Aggregate/), '1');
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Coverage Type is listed twice')).toBeInTheDocument();
    expect(net.callsTo('PUT', REQUIREMENTS)).toHaveLength(0);
  });
});
