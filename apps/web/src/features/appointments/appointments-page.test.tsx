import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';

const sent = {
  _id: 'i1',
  title: 'Hangar C4 viewing',
  description: 'Bring your papers',
  location: 'Hangar C4',
  start: '2026-12-01T18:00:00.000Z',
  end: '2026-12-01T19:00:00.000Z',
  emails: ['pilot@example.test'],
  createdAt: '2026-11-20T17:30:00.000Z',
  createdBy: 'pat.staff@apron.test',
};

/** Replace a field's text (pasted: typing character by character is slow on a busy machine). */
async function fill(dialog: HTMLElement, label: RegExp, text: string) {
  const field = within(dialog).getByLabelText(label);
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

describe('Appointments page', () => {
  it('lists sent invites and sends one: required fields named, the spec payload posted, Invite Sent', async () => {
    const { callsTo } = stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Session': { body: accessBody(buildUser({ modules: ['Waitlist'] })) },
      'GET /api/AppConfig': { body: appConfig(true) },
      'GET /api/Waitlist/Invite': { body: [sent], headers: { 'x-total-count': '1' } },
      'POST /api/Waitlist/Invite': { status: 201, body: { message: 'Invite Sent', invite: sent } },
    });
    renderApp('/appointment');
    // The page is a lazy chunk: give it time on a busy machine.
    expect(await screen.findByText('Hangar C4 viewing', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('pilot@example.test')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Invite' }, { timeout: 15_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Location is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Start is required')).toBeInTheDocument();
    expect(callsTo('POST', '/api/Waitlist/Invite')).toHaveLength(0);

    await fill(dialog, /^Title/, 'Hangar C4 viewing');
    await fill(dialog, /^Description/, 'Bring your papers');
    await fill(dialog, /^Location/, 'Hangar C4');
    await fill(dialog, /^Start/, '2026-12-01T10:00');
    await fill(dialog, /^End/, '2026-12-01T09:00');
    await fill(dialog, /^Emails/, 'pilot@example.test, nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    expect(await within(dialog).findByText('End must be after start')).toBeInTheDocument();
    expect(within(dialog).getByText("'nope' is not a valid email")).toBeInTheDocument();

    await fill(dialog, /^End/, '2026-12-01T11:00');
    await fill(dialog, /^Emails/, 'pilot@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    await waitFor(() => expect(callsTo('POST', '/api/Waitlist/Invite')).toHaveLength(1));
    expect(callsTo('POST', '/api/Waitlist/Invite')[0]!.body).toMatchObject({
      emails: ['pilot@example.test'],
      calendar: { summary: 'Hangar C4 viewing', description: 'Bring your papers', location: 'Hangar C4', start: '2026-12-01T10:00', end: '2026-12-01T11:00' },
    });
    expect(await screen.findByText('Invite Sent')).toBeInTheDocument();
  }, 90_000);
});
