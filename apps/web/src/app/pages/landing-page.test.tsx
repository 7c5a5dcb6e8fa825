import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appConfig, SIGNED_OUT } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

describe('landing page', () => {
  it('shows the title, the credit and the four cards when landing links are on', async () => {
    stubFetch({ 'GET /api/Session': SIGNED_OUT, 'GET /api/AppConfig': { body: appConfig(true) } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carson City Airport' })).toBeInTheDocument();
    expect(screen.getByText('Powered By Apron')).toBeInTheDocument();
    for (const title of ['Transient Parking', 'Property Listing', 'Contact Us', 'Lost/Stolen Card']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Submit' })).toHaveAttribute('href', '/tiedown/create');
    expect(screen.getByRole('link', { name: 'View Listings' })).toHaveAttribute('href', '/listings');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/api/Login?returnTo=%2F');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it("asks who is signed in without a 401: an anonymous first load logs no error", async () => {
    const net = stubFetch({ 'GET /api/Session': SIGNED_OUT, 'GET /api/AppConfig': { body: appConfig(true) } });
    const answers: number[] = [];
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    const paths = net.calls.map((c) => c.path);
    expect(paths).toContain('/api/Session');
    expect(paths).not.toContain('/api/Access');
    for (const result of net.fetchMock.mock.results) answers.push(((await result.value) as Response).status);
    expect(answers.filter((status) => status >= 400)).toEqual([]);
  });

  it('shows no cards when landing links are off', async () => {
    stubFetch({ 'GET /api/Session': SIGNED_OUT, 'GET /api/AppConfig': { body: appConfig(false) } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carson City Airport' })).toBeInTheDocument();
    expect(screen.getByText('Powered By Apron')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('sends Contact Us, shows server field errors on the fields and keeps what was typed', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const net = stubFetch({
      ...CSRF_ROUTE,
      'GET /api/Session': SIGNED_OUT,
      'GET /api/AppConfig': { body: appConfig(true) },
      'POST /api/Alerts/ContactUs': () =>
        ++attempts === 1
          ? { status: 400, body: { errors: { subject: 'Subject is too spammy' } } }
          : { status: 201, body: { message: 'Message Sent' } },
    });
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Contact Us' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Us' });
    const d = within(dialog);
    await user.type(d.getByLabelText(/^Name/), 'Robin Pilot');
    await user.type(d.getByLabelText(/^Email/), 'robin@example.com');
    await user.type(d.getByLabelText(/^Subject/), 'Fuel prices');
    await user.type(d.getByLabelText(/^Message/), 'What is the price of 100LL?');
    await user.click(d.getByRole('button', { name: 'Send' }));

    expect(await d.findByText('Subject is too spammy')).toBeInTheDocument();
    expect(d.getByLabelText(/^Subject/)).toHaveAccessibleDescription('Subject is too spammy');
    expect(d.getByLabelText(/^Message/)).toHaveValue('What is the price of 100LL?');

    await user.click(d.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Alerts/ContactUs')[1]!.body).toEqual({
      name: 'Robin Pilot', email: 'robin@example.com', phone: '', subject: 'Fuel prices', message: 'What is the price of 100LL?', website: '',
    });
    await screen.findByRole('button', { name: 'Contact Us' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
