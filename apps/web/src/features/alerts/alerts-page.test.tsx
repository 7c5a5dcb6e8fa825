import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';

const alert = {
  _id: 'a1',
  subject: 'Contact Us: hangar question',
  message: '<img src=x onerror=alert(1)> Is hangar B-4 free?\nThanks',
  kind: 'contact',
  format: 'text',
  createdAt: '2026-11-20T17:30:00.000Z',
  isNew: true,
};

const signedIn = {
  'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings'], isAdmin: true })) },
  'GET /api/AppConfig': { body: appConfig(true) },
};

describe('Alerts page', () => {
  it('lists the caller alerts and shows a message as text, never as markup', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/Alerts': { body: [alert], headers: { 'x-total-count': '1' } },
      'GET /api/Alerts/Item/a1': { body: { ...alert, isNew: false } },
    });
    renderApp('/alerts');
      expect(await screen.findByText('Contact Us: hangar question')).toBeInTheDocument();
    expect(screen.getByText('Contact Us')).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'View Contact Us: hangar question' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText(/Is hangar B-4 free\?/)).toBeInTheDocument());
    expect(within(dialog).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(dialog.querySelector('img')).toBeNull();
  });

  it('asks before deleting a message', async () => {
    const { callsTo } = stubFetch({
      ...CSRF_ROUTE,
      ...signedIn,
      'GET /api/Alerts': { body: [alert], headers: { 'x-total-count': '1' } },
      'DELETE /api/Alerts/a1': { body: { message: 'Deleted Successfully' } },
    });
    renderApp('/alerts');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Contact Us: hangar question' }));
    expect(screen.getByText(/Delete "Contact Us: hangar question" from your alerts\?/)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/Alerts/a1')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/Alerts/a1')).toHaveLength(1));
  });
});
