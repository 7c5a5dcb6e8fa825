import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/providers';
import { discoverRoutes, routes } from '../../app/routes';
import { createQueryClient } from '../../lib/query-client';
import { readIdentity } from '../../lib/identity';
import { accessBody, appConfig, buildUser, SIGNED_OUT } from '../../test/fixtures';
import { stubFetch } from '../../test/fetch-stub';

function renderStrict(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: discoverRoutes });
  render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return router;
}

describe('sign-in callback', () => {
  it('validates the code once, keeps the identity and goes to returnTo', async () => {
    const user = buildUser({ modules: ['Settings'] });
    let signedIn = false;
    const net = stubFetch({
      'GET /api/Session': () => (signedIn ? { body: accessBody(user) } : SIGNED_OUT),
      'GET /api/AppConfig': { body: appConfig(true) },
      'GET /api/Authorize/code-123': () => {
        signedIn = true;
        return { body: { message: 'Welcome User', returnTo: '/settings', ...accessBody(user) } };
      },
    });
    const router = renderStrict('/signin?code=code-123&state=st-1&iss=http%3A%2F%2Flocalhost%2Foidc');
    expect(await screen.findByText('Validating Token')).toBeInTheDocument();
    expect(await screen.findByText('Welcome User')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const calls = net.callsTo('GET', '/api/Authorize/code-123');
    expect(calls).toHaveLength(1);
    expect(new URLSearchParams(calls[0]!.search).get('state')).toBe('st-1');
    expect(readIdentity()).toEqual({ givenName: 'Pat', familyName: 'Staff', email: 'pat.staff@apron.test' });
  });

  it('says the session is not valid, clears storage and goes home when the code fails', async () => {
    sessionStorage.setItem('leftover', 'x');
    stubFetch({
      'GET /api/Session': SIGNED_OUT,
      'GET /api/AppConfig': { body: appConfig(true) },
      'GET /api/Authorize/bad-code': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Session not Valid' } },
    });
    const router = renderStrict('/signin/bad-code');
    expect(await screen.findByText('Session not Valid')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Powered By Apron')).toBeInTheDocument();
    expect(sessionStorage.getItem('leftover')).toBeNull();
  });
});
