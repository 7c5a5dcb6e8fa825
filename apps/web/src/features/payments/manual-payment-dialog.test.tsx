import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { PAYMENT_MESSAGES } from '@apron/core/payments';
import userEvent from '@testing-library/user-event';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ManualPaymentDialog } from './manual-payment-dialog';
import { invoice, INVOICE_ID, LINE_1 } from './payments.test-support';

function renderDialog() {
  const net = stubFetch({ ...CSRF_ROUTE });
  renderWithProviders(<ManualPaymentDialog invoice={invoice()} lineIds={[LINE_1]} open onClose={vi.fn()} onPaid={vi.fn()} />);
  return net;
}

describe('Manual payment dialog', () => {
  it('names each empty cash field as labelled: Paid By, Cash Details, Comments', async () => {
    const user = userEvent.setup();
    const net = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Comments is required')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Paid By/)).toHaveAccessibleDescription('Paid By is required');
    expect(dialog.getByLabelText(/^Cash Details/)).toHaveAccessibleDescription('Cash Details is required');
    expect(dialog.queryByText('Confirmation is required')).not.toBeInTheDocument();
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks a check for its numbers as digits in text inputs, naming the Routing Number', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment' }));
    await user.click(dialog.getByRole('switch', { name: 'Cash' }));
    const account = dialog.getByLabelText(/^Account Number/);
    const routing = dialog.getByLabelText(/^Routing Number/);
    for (const input of [account, routing]) {
      expect(input).toHaveAttribute('type', 'text');
      expect(input).toHaveAttribute('inputmode', 'numeric');
    }
    await user.type(dialog.getByLabelText(/^Account Name/), 'Sierra Skies');
    await user.type(account, '0012345678');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Routing Number is required')).toBeInTheDocument();
    expect(account).toHaveValue('0012345678');
    await user.type(routing, '12345');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Routing Number must be 9 digits')).toBeInTheDocument();
  });

  it('a double click on Record Payment records once', async () => {
    const user = userEvent.setup();
    const net = stubFetch({ ...CSRF_ROUTE, [`POST /api/Invoices/ManualPayment/${INVOICE_ID}`]: { status: 201, body: { message: PAYMENT_MESSAGES.successful, receipt: {} } } });
    const onPaid = vi.fn();
    renderWithProviders(<ManualPaymentDialog invoice={invoice()} lineIds={[LINE_1]} open onClose={vi.fn()} onPaid={onPaid} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment' }));
    await user.type(dialog.getByLabelText(/^Paid By/), 'Front desk');
    await user.type(dialog.getByLabelText(/^Cash Details/), 'Envelope 12');
    await user.type(dialog.getByLabelText(/^Comments/), 'Counted twice');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    const record = within(await screen.findByRole('dialog', { name: 'Record Payment' })).getByRole('button', { name: 'Record Payment' });
    fireEvent.click(record);
    fireEvent.click(record);
    expect(await screen.findByText(PAYMENT_MESSAGES.successful)).toBeInTheDocument();
    expect(net.callsTo('POST', `/api/Invoices/ManualPayment/${INVOICE_ID}`)).toHaveLength(1);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });
});
