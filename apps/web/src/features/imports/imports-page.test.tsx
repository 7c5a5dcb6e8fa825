import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch, type TRecordedCall } from '../../test/fetch-stub';
import { renderApp, renderWithProviders } from '../../test/render';
import { ImportsPage } from './imports-page';
import { BATCH_ID, buildPreview, csvFile, importRoutes, rentErrors } from './import-test-data';

const formOf = (call: TRecordedCall) => call.body as FormData;

/** The server's guess leaves Address out: the dry run reports it until the mapping names its header. */
const GUESSED = { Ref: 'externalId', Hangar: 'name', Kind: 'propertyType', Zone: 'area', Notes: 'description', 'Monthly Rent': 'rent' };

function guessingServer() {
  const missingAddress = { errorCount: 3, errorsTotal: 3, errors: [2, 3, 4].map((row) => ({ row, column: 'address', message: 'Address is required' })) };
  return {
    ...importRoutes(),
    'POST /api/Imports': (call: TRecordedCall) => {
      const mapping = formOf(call).get('mapping');
      return { body: mapping ? buildPreview({ mapping: JSON.parse(String(mapping)) as Record<string, string> }) : buildPreview({ mapping: GUESSED, ...missingAddress }) };
    },
    [`GET /api/Imports/${BATCH_ID}`]: { body: { ...buildPreview(), ...missingAddress } },
  };
}

/** Opens the page, picks Properties and uploads a file; resolves once the mapping step shows. */
async function uploadProperties(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<ImportsPage />, '/settings/import');
  await user.click(await screen.findByRole('radio', { name: /^Properties/ }, { timeout: 30_000 }));
  await user.upload(screen.getByLabelText('Choose a file'), csvFile());
  return within(await screen.findByRole('group', { name: 'Column mapping' }));
}

describe('Settings > Import', { timeout: 120_000 }, () => {
  it('is a Settings entry for Settings admins only, and No Access for other Settings users', async () => {
    stubFetch({ ...importRoutes() });
    const admin = renderApp('/settings');
    expect(await screen.findByRole('link', { name: 'Import' }, { timeout: 30_000 })).toHaveAttribute('href', '/settings/import');
    admin.unmount();

    const net = stubFetch({ ...CSRF_ROUTE, 'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings'] })) }, 'GET /api/AppConfig': { body: appConfig(true) } });
    const user = renderApp('/settings');
    expect(await screen.findByRole('link', { name: 'Document Types' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
    user.unmount();

    renderApp('/settings/import');
    expect(await screen.findByRole('heading', { name: 'No Access' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/Imports')).toHaveLength(0);
  });

  it("offers each kind's template, uploads the file for a dry run and pre-fills the server's guessed mapping", async () => {
    const user = userEvent.setup();
    const net = stubFetch(guessingServer());
    renderWithProviders(<ImportsPage />, '/settings/import');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(8);
    await user.click(screen.getByRole('radio', { name: /^Agreements/ }));
    expect(screen.getByRole('link', { name: /agreements template/ })).toHaveAttribute('href', '/api/Imports/Templates/agreements');
    await user.click(screen.getByRole('radio', { name: /^Properties/ }));
    expect(screen.getByRole('link', { name: /properties template/ })).toHaveAttribute('href', '/api/Imports/Templates/properties');
    expect(screen.getByText(/up to 20 MB/)).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Choose a file'), csvFile());
    const mapping = within(await screen.findByRole('group', { name: 'Column mapping' }));
    const first = formOf(net.callsTo('POST', '/api/Imports')[0]!);
    expect(first.get('kind')).toBe('properties');
    expect(first.get('dryRun')).toBe('true');
    expect(first.get('mapping')).toBeNull();
    expect((first.get('file') as File).name).toBe('hangars.csv');

    // Pre-filled from the guess; required columns are required fields; the one left out says so.
    expect(mapping.getByRole('combobox', { name: /^Name/ })).toHaveValue('Hangar');
    expect(mapping.getByRole('combobox', { name: /^Name/ })).toBeRequired();
    expect(mapping.getByRole('combobox', { name: /^Status/ })).not.toBeRequired();
    const address = mapping.getByRole('combobox', { name: /^Address/ });
    expect(address).toHaveValue('');
    expect(address).toHaveAccessibleDescription(/Address is required/);
    expect(screen.getByText('Not imported: Street')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Import 3 rows/ })).toBeDisabled();
  });

  it('checks the file again with a changed mapping, and keeps Import off until it has', async () => {
    const user = userEvent.setup();
    const net = stubFetch(guessingServer());
    const mapping = await uploadProperties(user);
    await user.selectOptions(mapping.getByRole('combobox', { name: /^Address/ }), 'Street');
    expect(screen.getByText(/The mapping changed since this check/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Import 3 rows/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Check the file again' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/Imports')).toHaveLength(2));
    expect(JSON.parse(String(formOf(net.callsTo('POST', '/api/Imports')[1]!).get('mapping')))).toEqual({ ...GUESSED, Street: 'address' });
    expect(await screen.findByText('No errors: every row can be imported.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Import 3 rows/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Check the file again' })).toBeDisabled();
    expect(within(screen.getByRole('table', { name: 'First rows' })).getByText('475.5')).toBeInTheDocument();
  });

  it('pages the errors from the server, offers them as CSV, and keeps Commit off with the reason', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...importRoutes(),
      'POST /api/Imports': { body: buildPreview({ rowCount: 40, errorCount: 12, errorsTotal: 12, errors: rentErrors(12) }) },
      [`GET /api/Imports/${BATCH_ID}`]: (call) => {
        const page = Number(new URLSearchParams(call.search).get('page'));
        const errors = rentErrors(12).slice((page - 1) * 10, page * 10);
        return { body: { ...buildPreview({ rowCount: 40, errorCount: 12 }), errors, errorsTotal: 12 } };
      },
    });
    await uploadProperties(user);
    const grid = await screen.findByRole('grid', { name: 'Errors' });
    expect(await within(grid).findAllByText('Rent is required')).toHaveLength(10);
    expect(within(grid).getAllByText('Rent')).not.toHaveLength(0);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    expect(new URLSearchParams(net.callsTo('GET', `/api/Imports/${BATCH_ID}`)[0]!.search).get('pageSize')).toBe('10');
    // The history grid below has its own pager: this one is the errors grid's.
    const errorsPager = within(grid.closest<HTMLElement>('.MuiDataGrid-root')!);
    await user.click(errorsPager.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(within(grid).getAllByText('Rent is required')).toHaveLength(2));
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Download errors (CSV)' })).toHaveAttribute('href', `/api/Imports/${BATCH_ID}/Errors.csv`);
    const commit = screen.getByRole('button', { name: 'Import 40 rows of properties' });
    expect(commit).toBeDisabled();
    expect(commit).toHaveAccessibleDescription('Fix the 12 errors in the file or the mapping, then check again: a file is imported whole or not at all.');
  });

  it('shows the reason a file is refused (a 413 for a file too large for the server)', async () => {
    const user = userEvent.setup();
    stubFetch({ ...importRoutes(), 'POST /api/Imports': { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 20 MB: split it into several files.' } } });
    renderWithProviders(<ImportsPage />, '/settings/import');
    await user.click(await screen.findByRole('radio', { name: /^Companies/ }, { timeout: 30_000 }));
    await user.upload(screen.getByLabelText('Choose a file'), csvFile('companies.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 20 MB: split it into several files.');
    expect(screen.queryByRole('group', { name: 'Column mapping' })).not.toBeInTheDocument();
  });
});
