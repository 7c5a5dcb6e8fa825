import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ImportsPage } from './imports-page';
import { BATCH_ID, buildBatch, buildPreview, csvFile, importRoutes } from './import-test-data';

describe('Settings > Import: commit, progress and undo', { timeout: 120_000 }, () => {
  it('asks before importing, then follows the job on a progress bar until it ends', async () => {
    const user = userEvent.setup();
    // The job's answers, one per poll: a third done, then finished.
    const polls = [buildBatch({ status: 'committing', progress: 1 }), buildBatch({ status: 'committed', progress: 3, createdCount: 2, updatedCount: 1 })];
    const net = stubFetch({
      ...importRoutes(),
      'POST /api/Imports': { body: buildPreview() },
      [`POST /api/Imports/${BATCH_ID}/Commit`]: { status: 202, body: buildBatch({ status: 'committing' }) },
      [`GET /api/Imports/${BATCH_ID}`]: () => ({ body: polls.length > 1 ? polls.shift() : polls[0] }),
    });
    const { router } = renderWithProviders(<ImportsPage />, '/settings/import');
    await user.click(await screen.findByRole('radio', { name: /^Properties/ }, { timeout: 30_000 }));
    await user.upload(screen.getByLabelText('Choose a file'), csvFile());
    await user.click(await screen.findByRole('button', { name: 'Import 3 rows of properties' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Import 3 rows of properties from hangars.csv?' }));
    expect(dialog.getByText(/you may leave this page/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(net.callsTo('POST', `/api/Imports/${BATCH_ID}/Commit`)).toHaveLength(1));

    // The run has its own address, so leaving and coming back reopens it.
    expect(router.state.location.search).toBe(`?batch=${BATCH_ID}`);
    const bar = await screen.findByRole('progressbar', { name: /Importing hangars.csv: 1 of 3 rows/ });
    expect(bar).toHaveAttribute('aria-valuenow', '33');

    expect(await screen.findByText('Imported 3 rows of properties', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('hangars.csv is imported.')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Counts')).getByText('New')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the properties' })).toHaveAttribute('href', '/properties/listings');
  });

  it('reopens a running import from the history', async () => {
    const user = userEvent.setup();
    const running = buildBatch({ status: 'committing', progress: 2, rowCount: 8 });
    stubFetch({ ...importRoutes([running]), [`GET /api/Imports/${BATCH_ID}`]: { body: running } });
    renderWithProviders(<ImportsPage />, '/settings/import');
    const history = await screen.findByRole('grid', { name: 'Import history' }, { timeout: 30_000 });
    expect(await within(history).findByText('Importing 25%')).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Show the progress of Properties hangars.csv' }));
    expect(await screen.findByRole('progressbar', { name: /2 of 8 rows/ })).toHaveAttribute('aria-valuenow', '25');
    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(await screen.findByRole('radio', { name: /^Properties/ })).toBeInTheDocument();
  });

  it("undoes a committed import after asking, and shows the server's reason when it refuses", async () => {
    const user = userEvent.setup();
    const committed = buildBatch({ status: 'committed', progress: 3, createdCount: 2, updatedCount: 1, committedAt: '2026-11-27T09:01:00.000Z' });
    const net = stubFetch({
      ...importRoutes([committed, buildBatch({ batchId: 'other', status: 'undone', fileName: 'old.csv' })]),
      [`DELETE /api/Imports/${BATCH_ID}`]: {
        status: 409,
        body: { code: 'CONFLICT', message: 'Hangar A-1 has been changed since the import, so the import cannot be undone.' },
      },
    });
    renderWithProviders(<ImportsPage />, '/settings/import');
    const history = await screen.findByRole('grid', { name: 'Import history' }, { timeout: 30_000 });
    expect(await within(history).findByText('3 rows · 2 new · 1 updated')).toBeInTheDocument();
    // Only a committed batch can be undone.
    expect(within(history).queryByRole('button', { name: 'Undo Properties old.csv' })).not.toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Undo Properties hangars.csv' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Undo import' }));
    expect(dialog.getByText(/The 2 records it added are removed and the 1 it changed are put back/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Hangar A-1 has been changed since the import, so the import cannot be undone.')).toBeInTheDocument();
    expect(net.callsTo('DELETE', `/api/Imports/${BATCH_ID}`)).toHaveLength(1);
  });
});
