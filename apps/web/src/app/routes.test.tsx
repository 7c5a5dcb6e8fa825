import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { DataRouter } from 'react-router';
import { appConfig, SIGNED_OUT } from '../test/fixtures';
import { stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render';

/** The paths the router knows under the page route (the public ones, plus the signed-in ones once patched in). */
function knownPages(router: DataRouter): string[] {
  const pages = router.routes[0]?.children?.[0]?.children ?? [];
  return pages.map((route) => route.path ?? '(index)');
}

describe('route table: public pages first, the signed-in routes when a path needs them', () => {
  it('opens a public page with a parameter without the signed-in routes', async () => {
    stubFetch({ 'GET /api/Session': SIGNED_OUT, 'GET /api/AppConfig': { body: appConfig(true) } });
    const { router } = renderApp('/listings');
    expect(await screen.findByRole('heading', { level: 1, name: /listings/i })).toBeInTheDocument();
    await router.navigate('/signin/not-a-code');
    expect(knownPages(router)).not.toContain('invoices');
  });

  it('finds a signed-in page on a first visit to its address (here: a signed-out visitor is sent to log in)', async () => {
    stubFetch({ 'GET /api/Session': SIGNED_OUT, 'GET /api/AppConfig': { body: appConfig(true) } });
    const { router } = renderApp('/tiedown/5');
    expect(await screen.findByText('Redirecting to Login Page...')).toBeInTheDocument();
    expect(knownPages(router)).toContain('invoices');
  });

  it('keeps the parking form public next to the signed-in parking requests', async () => {
    stubFetch({ 'GET /api/Session': SIGNED_OUT, 'GET /api/AppConfig': { body: appConfig(true) } });
    const { router } = renderApp('/tiedown/5');
    expect(await screen.findByText('Redirecting to Login Page...')).toBeInTheDocument();
    await router.navigate('/tiedown/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transient Parking' })).toBeInTheDocument();
    expect(screen.queryByText('Redirecting to Login Page...')).not.toBeInTheDocument();
  });

  it('shows the not-found page for an address that is no page at all', async () => {
    stubFetch({ 'GET /api/Session': SIGNED_OUT, 'GET /api/AppConfig': { body: appConfig(true) } });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
