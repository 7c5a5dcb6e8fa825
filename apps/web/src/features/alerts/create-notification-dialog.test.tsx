import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { CreateNotificationDialog } from './create-notification-dialog';

const people = [
  { _id: '11111111-1111-4111-8111-111111111111', email: 'finance@demo.apron.test', name: 'Frankie Finance', isInternal: true },
  { _id: '22222222-2222-4222-8222-222222222222', email: 'tenant@demo.apron.test', name: 'Taylor Tenant', isInternal: false },
];

describe('Create Notification', () => {
  it('fills recipients from a group and refuses a blank subject and body before asking the server', async () => {
    const { callsTo } = stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Alerts/Users/ALL': { body: people },
      'GET /api/Alerts/Users/INTERNAL': { body: [people[0]] },
      'POST /api/Alerts': { status: 201, body: { message: 'Notification Sent', _id: 'x', recipients: 1 } },
    });
    renderWithProviders(<CreateNotificationDialog onClose={() => {}} />);
    // The editor arrives lazily (its own chunk).
    expect(await screen.findByRole('textbox', { name: 'Message' }, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(await screen.findByLabelText('User Group'));
    await userEvent.click(await screen.findByRole('option', { name: 'Internal users' }));
    expect(await screen.findByText('1 recipient')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Frankie Finance/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(callsTo('POST', '/api/Alerts')).toHaveLength(0);
  });
});
