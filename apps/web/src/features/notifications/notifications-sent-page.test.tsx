import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';

const failed = {
  _id: 'm1',
  to: ['pat@example.test'],
  subject: 'Hangar rent',
  kind: 'notification',
  status: 'failed',
  attempts: 8,
  lastError: 'connect ECONNREFUSED',
  createdAt: '2026-11-20T17:30:00.000Z',
  nextAttemptAt: '2026-11-21T17:30:00.000Z',
  sentAt: null,
};

describe('Notifications Sent', () => {
  it('lists e-mails, shows a body safely and resends a failed one', async () => {
    const { callsTo } = stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings'], isAdmin: true })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      'GET /api/Alerts/Unread': { body: { count: 0 } },
      'GET /api/Mail': { body: [failed], headers: { 'x-total-count': '1' } },
      'GET /api/Mail/m1/Body': { body: { _id: 'm1', subject: 'Hangar rent', html: '<p>Rent <strong>due</strong><img src=x onerror=alert(1)></p>', text: 'Rent due', private: false } },
      'POST /api/Mail/m1/Resend': { body: { ...failed, status: 'queued', attempts: 0 } },
    });
    renderApp('/settings/templates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications Sent' })).toBeInTheDocument();
    // 'Back', as on every other settings page.
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/settings');
    expect(await screen.findByText('pat@example.test')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Hangar rent' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('due').tagName).toBe('STRONG'));
    expect(dialog.querySelector('img')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(callsTo('POST', '/api/Mail/m1/Resend')).toHaveLength(1));
  }, 90_000);
});
