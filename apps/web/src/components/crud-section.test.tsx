import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { stubWindowWidth } from '../test/media';
import { renderWithProviders } from '../test/render';
import { CrudSection } from './crud-section';
import { SchemaFormDialog, type TFormFieldSpec } from './schema-form-dialog';

/** A record of a module to come (a tie-down spot): the kit knows nothing of it but its schema. */
const ZSpot = z.object({
  code: z.string().trim().min(1, 'Code is required'),
  kind: z.enum(['Grass', 'Paved'], { error: 'Kind is required' }),
  nightlyRate: z.number().positive('Nightly Rate must be greater than 0'),
  notes: z.string().optional(),
});
type TSpotInput = z.input<typeof ZSpot>;
interface TSpot { _id: string; code: string; kind: 'Grass' | 'Paved'; nightlyRate: number }

const FIELDS: TFormFieldSpec<TSpotInput>[] = [
  { name: 'code', label: 'Code', required: true, half: true },
  { name: 'kind', label: 'Kind', kind: 'select', options: ['Grass', 'Paved'], required: true, half: true },
  { name: 'nightlyRate', label: 'Nightly Rate', kind: 'money', required: true },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

const A1: TSpot = { _id: 's1', code: 'A1', kind: 'Paved', nightlyRate: 25 };

interface TSetup {
  rows?: TSpot[];
  isLoading?: boolean;
  error?: unknown;
  canEdit?: boolean;
  save?: (values: z.output<typeof ZSpot>) => Promise<unknown>;
  remove?: (row: TSpot) => Promise<unknown>;
}

function renderSpots({ rows = [A1], isLoading, error, canEdit = true, save = vi.fn(async () => ({})), remove = vi.fn(async () => ({ message: 'Deleted Successfully' })) }: TSetup = {}) {
  renderWithProviders(
    <CrudSection<TSpot>
      title="Spots"
      rows={isLoading || error ? undefined : rows}
      isLoading={isLoading}
      error={error}
      rowKey={(row) => row._id}
      rowLabel={(row) => row.code}
      columns={[
        { header: 'Code', cell: (row) => row.code },
        { header: 'Kind', cell: (row) => row.kind, hideOnPhone: true },
      ]}
      emptyText="No spots yet"
      canAdd={canEdit}
      addLabel="Add Spot"
      openAs={() => (canEdit ? 'edit' : 'view')}
      renderDialog={(row, close) => (
        <SchemaFormDialog
          schema={ZSpot}
          title={!canEdit ? 'Spot' : row ? 'Edit Spot' : 'Add Spot'}
          readOnly={!canEdit}
          defaultValues={row ? { code: row.code, kind: row.kind, nightlyRate: row.nightlyRate } : { code: '', kind: '' as 'Grass' }}
          fields={FIELDS}
          onSave={save}
          successText={row ? 'Updated Successfully' : 'Added Successfully'}
          onClose={close}
        />
      )}
      confirm={canEdit ? { label: 'Delete', title: 'Delete Spot', message: (row) => `Delete spot ${row.code}?`, run: remove } : undefined}
    />,
  );
  return { save, remove };
}

describe('CrudSection kit', () => {
  it('on a phone shows a column that gives way as a line under the row\'s first cell', async () => {
    stubWindowWidth('phone');
    renderSpots();
    const table = await screen.findByRole('table', { name: 'Spots' });
    expect(within(table).queryByRole('columnheader', { name: 'Kind' })).not.toBeInTheDocument();
    const row = within(table).getByText('A1').closest('tr');
    if (!row) throw new Error('no row for A1');
    expect(within(row).getByText('Kind: Paved')).toBeInTheDocument();
  });

  it('shows loading, error and empty states in a titled section', async () => {
    renderSpots({ isLoading: true });
    expect(screen.getByRole('region', { name: 'Spots' })).toHaveTextContent('Loading');
    renderSpots({ error: new ApiError(403, 'FORBIDDEN', 'You do not have access to this.') });
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to this.');
    renderSpots({ rows: [] });
    expect(screen.getByText('No spots yet')).toBeInTheDocument();
  });

  it('adds a record: the schema checks it first, the number field refuses words, then it saves and toasts', async () => {
    const user = userEvent.setup();
    const { save } = renderSpots();
    expect(within(screen.getByRole('table', { name: 'Spots' })).getByRole('cell', { name: 'A1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Spot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Spot' }));
    // the first field has the focus: the dialog is usable from the keyboard
    expect(dialog.getByLabelText(/^Code/)).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Code is required')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Kind/)).toHaveAccessibleDescription('Kind is required');
    expect(dialog.getByLabelText(/^Nightly Rate/)).toHaveAccessibleDescription('Nightly Rate is required');

    await user.type(dialog.getByLabelText(/^Code/), 'B7');
    await user.selectOptions(dialog.getByLabelText(/^Kind/), 'Grass');
    await user.type(dialog.getByLabelText(/^Nightly Rate/), 'ten');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Nightly Rate must be a number')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();

    await user.clear(dialog.getByLabelText(/^Nightly Rate/));
    // Enter submits the form
    await user.type(dialog.getByLabelText(/^Nightly Rate/), '1,250.50{Enter}');
    expect(await screen.findByText('Added Successfully')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ code: 'B7', kind: 'Grass', nightlyRate: 1250.5 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("puts the server's field errors on their fields and keeps the dialog open", async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {
      throw new ApiError(400, 'VALIDATION', 'Invalid', { code: 'A spot coded A1 already exists' });
    });
    renderSpots({ save });
    await user.click(screen.getByRole('button', { name: 'Edit A1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Spot' }));
    expect(dialog.getByLabelText(/^Nightly Rate/)).toHaveValue('25');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('A spot coded A1 already exists')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Code/)).toHaveAccessibleDescription('A spot coded A1 already exists');
  });

  it('Escape cancels the dialog without saving', async () => {
    const user = userEvent.setup();
    const { save } = renderSpots();
    await user.click(screen.getByRole('button', { name: 'Add Spot' }));
    await screen.findByRole('dialog', { name: 'Add Spot' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(save).not.toHaveBeenCalled();
  });

  it('asks before deleting: Cancel keeps the record, Delete runs and toasts the answer', async () => {
    const user = userEvent.setup();
    const { remove } = renderSpots();
    await user.click(screen.getByRole('button', { name: 'Delete A1' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Delete Spot' }));
    expect(ask.getByText('Delete spot A1?')).toBeInTheDocument();
    await user.click(ask.getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete A1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Spot' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith(A1);
  });

  it("shows a refused delete's message as an error toast", async () => {
    const user = userEvent.setup();
    renderSpots({ remove: async () => { throw new ApiError(409, 'IN_USE', 'The spot A1 is in use and cannot be deleted.'); } });
    await user.click(screen.getByRole('button', { name: 'Delete A1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Spot' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The spot A1 is in use and cannot be deleted.')).toBeInTheDocument();
  });

  it('without the ability: no Add, no Delete, a read-only view with one Close button', async () => {
    const user = userEvent.setup();
    const { save } = renderSpots({ canEdit: false });
    expect(screen.queryByRole('button', { name: 'Add Spot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete A1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View A1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Spot' }));
    expect(dialog.getByLabelText(/^Code/)).toBeDisabled();
    expect(dialog.getAllByRole('button')).toHaveLength(1);
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(save).not.toHaveBeenCalled();
  });

  it('opens its dialog full screen on a phone', async () => {
    const user = userEvent.setup();
    stubWindowWidth('phone');
    renderSpots();
    await user.click(screen.getByRole('button', { name: 'Add Spot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Spot' });
    expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
  });
});
