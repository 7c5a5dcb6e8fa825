import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { MasterInspectionDialog } from './master-inspection-dialog';

const FORM_ID = '00000000-0000-4000-8000-0000000000f1';

describe('Create Master Inspection', () => {
  it('hides the module when Adhoc, shows the schedule (daily at midnight) when Scheduled, requires the form, and sends the values', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Forms': { body: [{ _id: FORM_ID, name: 'Runway light check', version: 2, updatedAt: '2026-11-23T10:00:00Z' }], headers: { 'X-Total-Count': '1' } },
      'POST /api/MasterInspection': (call) => ({ status: 201, body: { _id: 'm1', ...(call.body as object) } }),
    });
    const onClose = vi.fn();
    renderWithProviders(<MasterInspectionDialog row={null} onClose={onClose} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Master Inspection' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Runway lights');
    await user.type(dialog.getByLabelText(/^Description/), 'Every edge light');
    // Module starts unchosen, and ticking then unticking Adhoc gives back what the user had.
    expect(dialog.getByLabelText(/^Module/)).toHaveValue('');
    await user.click(dialog.getByLabelText('Adhoc'));
    expect(dialog.queryByLabelText(/^Module/)).toBeNull();
    await user.click(dialog.getByLabelText('Adhoc'));
    expect(dialog.getByLabelText(/^Module/)).toHaveValue('');
    await user.selectOptions(dialog.getByLabelText(/^Module/), 'Agreement');
    await user.click(dialog.getByLabelText('Adhoc'));
    await user.click(dialog.getByLabelText('Adhoc'));
    expect(dialog.getByLabelText(/^Module/)).toHaveValue('Agreement');
    await user.click(dialog.getByLabelText(/^Scheduled/));
    expect(dialog.getByTestId('cron-preview')).toHaveTextContent('Every day at 00:00');

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Form ID is required')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/MasterInspection')).toHaveLength(0);

    await user.click(dialog.getByRole('combobox', { name: /^Form/ }));
    await user.click(await screen.findByRole('option', { name: 'Runway light check (version 2)' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(net.callsTo('POST', '/api/MasterInspection')[0]!.body).toEqual({
      name: 'Runway lights', description: 'Every edge light', adhoc: false, module: 'Agreement', scheduled: true, expression: '0 0 * * *', formId: FORM_ID,
    });
  }, 90_000); // typing into MUI fields in jsdom is slow on a shared machine
});
