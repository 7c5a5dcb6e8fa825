import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFormSchema } from '@apron/core/forms';
import { renderWithProviders } from '../test/render';
import { FormViewer } from './form-viewer';

const schema: TFormSchema = {
  type: 'default',
  components: [
    { type: 'textfield', id: 'hangar', key: 'hangar', label: 'Hangar number', validate: { required: true } },
    { type: 'checkbox', id: 'ok', key: 'ok', label: 'Door works' },
  ],
};

describe('FormViewer (form-js mounted in the page)', () => {
  it('renders the fields, refuses a missing required field in the browser, then hands over the answers', async () => {
    const user = userEvent.setup();
    const complete = vi.fn();
    renderWithProviders(<FormViewer schema={schema} actions={[{ label: 'Complete', validate: true, onClick: complete }]} />);
    const field = await screen.findByLabelText(/Hangar number/);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Some fields need your attention.')).toBeInTheDocument();
    expect(complete).not.toHaveBeenCalled();
    await user.type(field, 'H7');
    await user.click(screen.getByLabelText('Door works'));
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(complete).toHaveBeenCalledWith({ hangar: 'H7', ok: true }));
    // The bpmn.io watermark stays.
    expect(document.querySelector('.fjs-powered-by')).not.toBeNull();
  });

  it('shows answers read-only, without actions', async () => {
    renderWithProviders(<FormViewer schema={schema} data={{ hangar: 'H9', ok: true }} readOnly actions={[{ label: 'Complete', onClick: vi.fn() }]} />);
    const field = await screen.findByLabelText(/Hangar number/);
    expect(field).toHaveValue('H9');
    expect(field).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
  });
});
