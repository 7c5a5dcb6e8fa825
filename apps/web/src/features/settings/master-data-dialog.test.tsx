import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { MasterDataDialog } from './master-data-dialog';

describe('master-data dialog', () => {
  it('shows a server field error on the field it names', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...CSRF_ROUTE,
      'POST /api/Crud/paymentTypes': { status: 400, body: { errors: { name: 'Name already exists' } } },
    });
    const onClose = vi.fn();
    renderWithProviders(<MasterDataDialog type="paymentTypes" row={null} onClose={onClose} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Payment Type' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Hangar Rent');
    await user.selectOptions(dialog.getByLabelText(/^Type/), 'Flat');
    await user.type(dialog.getByLabelText(/^Value/), '250');
    await user.type(dialog.getByLabelText(/^Late Fee %/), '5');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Name already exists')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Name/)).toHaveAccessibleDescription('Name already exists');
    expect(dialog.getByLabelText(/^Value/)).not.toHaveAccessibleDescription('Name already exists');
    expect(net.callsTo('POST', '/api/Crud/paymentTypes')[0]!.body).toEqual({
      name: 'Hangar Rent', description: '', skuType: 'Flat', skuValue: 250, lateFee: 5,
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks the type schema before sending and saves an invoice cycle with its schedule', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      ...CSRF_ROUTE,
      'POST /api/Crud/invoiceCycles': (call) => ({ status: 201, body: { _id: 'c1', ...(call.body as object) } }),
    });
    const onClose = vi.fn();
    renderWithProviders(<MasterDataDialog type="invoiceCycles" row={null} onClose={onClose} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Invoice Cycle' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Crud/invoiceCycles')).toHaveLength(0);

    await user.type(dialog.getByLabelText(/^Name/), 'Monthly');
    await user.type(dialog.getByLabelText(/^Due Days/), '30');
    await user.selectOptions(dialog.getByLabelText('Frequency'), 'monthly');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added Successfully')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Crud/invoiceCycles')[0]!.body).toEqual({
      name: 'Monthly', description: '', dueDays: 30, expression: '0 0 1 * *',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('edits a system setting with a yes/no value and a read-only name', async () => {
    const user = userEvent.setup();
    const net = stubFetch({ ...CSRF_ROUTE, 'PUT /api/Crud/systemSettings/s1': { body: { _id: 's1', name: 'TIEDOWN_PAYMENT', value: 'yes' } } });
    renderWithProviders(<MasterDataDialog type="systemSettings" row={{ _id: 's1', name: 'TIEDOWN_PAYMENT', value: 'no' }} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit System Setting' }));
    expect(dialog.getByLabelText(/^Name/)).toHaveAttribute('readonly');
    expect(dialog.getByText(/takes a card payment/)).toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText(/^Value/), 'yes');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/Crud/systemSettings/s1')[0]!.body).toEqual({ name: 'TIEDOWN_PAYMENT', value: 'yes' });
  });

  it("refuses an empty Due Days and 'ten' naming the field, and never sends 0 (PRODUCT-RULES 27)", async () => {
    const user = userEvent.setup();
    const net = stubFetch({ ...CSRF_ROUTE, 'POST /api/Crud/invoiceCycles': { status: 201, body: { _id: 'c1' } } });
    renderWithProviders(<MasterDataDialog type="invoiceCycles" row={null} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Invoice Cycle' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Monthly');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Due days is required')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Due Days/), 'ten');
    expect(dialog.getByLabelText(/^Due Days/)).toHaveValue('ten');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Due days must be a number')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Crud/invoiceCycles')).toHaveLength(0);
  });

  it("refuses a payment type's late fee of 'abc'", async () => {
    const user = userEvent.setup();
    const net = stubFetch({ ...CSRF_ROUTE });
    renderWithProviders(<MasterDataDialog type="paymentTypes" row={null} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Payment Type' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Hangar Rent');
    await user.selectOptions(dialog.getByLabelText(/^Type/), 'Flat');
    await user.type(dialog.getByLabelText(/^Value/), '250');
    await user.type(dialog.getByLabelText(/^Late Fee %/), 'abc');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Late fee must be a number')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Crud/paymentTypes')).toHaveLength(0);
  });
});
