import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { AddRecordDialog } from './add-record-dialog';

const COMPANY_ID = '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e';

function renderDialog() {
  const net = stubFetch({ ...CSRF_ROUTE, 'POST /api/Company/Balances': { status: 201, body: { message: 'Added Successfully' } } });
  renderWithProviders(<AddRecordDialog companyId={COMPANY_ID} open onClose={vi.fn()} />);
  return net;
}

describe('Add Record (balance): Paid By Cash or Check', () => {
  it('records cash with a comment and no bank numbers', async () => {
    const user = userEvent.setup();
    const net = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Record' }));
    expect(dialog.getByLabelText(/^Paid By/)).toHaveValue('Cash');
    expect(dialog.queryByLabelText(/^Account Number/)).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Amount/), '75');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Comment is required')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Comment/), 'Paid at the front desk');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added Successfully')).toBeInTheDocument();
    const body = net.callsTo('POST', '/api/Company/Balances')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ tenantId: COMPANY_ID, paidBy: 'Cash', comment: 'Paid at the front desk', amount: 75, type: 'Credit' });
    expect(body).not.toHaveProperty('accountNum');
  });

  it('asks a check for its account and routing numbers as digits in text inputs', async () => {
    const user = userEvent.setup();
    const net = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Record' }));
    await user.selectOptions(dialog.getByLabelText(/^Paid By/), 'Check');
    expect(dialog.queryByLabelText(/^Comment/)).not.toBeInTheDocument();
    const account = dialog.getByLabelText(/^Account Number/);
    expect(account).toHaveAttribute('type', 'text');
    expect(account).toHaveAttribute('inputmode', 'numeric');
    await user.type(dialog.getByLabelText(/^Amount/), '250');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Account Number is required')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Routing Number/)).toHaveAccessibleDescription('Routing Number is required');
    await user.type(account, '0012345678');
    await user.type(dialog.getByLabelText(/^Routing Number/), '021000021');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added Successfully')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Company/Balances')[0]!.body).toMatchObject({ paidBy: 'Check', accountNum: '0012345678', routingNum: '021000021', amount: 250 });
  });

  it('a double click on Save adds one record, sent with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const net = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Record' }));
    await user.type(dialog.getByLabelText(/^Amount/), '75');
    await user.type(dialog.getByLabelText(/^Comment/), 'Paid at the front desk');
    const save = dialog.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByText('Added Successfully')).toBeInTheDocument();
    const calls = net.callsTo('POST', '/api/Company/Balances');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('idempotency-key')).toMatch(/^pay-/);
  });
});
