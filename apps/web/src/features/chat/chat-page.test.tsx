import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const APPLICANT = '3f1c2b7e-1111-4222-8333-444455556666';
const WAIT = { timeout: 20_000 };

function open(user: ReturnType<typeof buildUser>) {
  stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(user) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Messages/${APPLICANT}`]: { body: { applicantId: APPLICANT, applicantName: 'Ada Tester', asStaff: user.isInternal, messages: [] } },
    [`POST /api/Messages/${APPLICANT}/Read`]: { body: { marked: 0 } },
  });
  renderApp(`/chat/${APPLICANT}`);
}

describe('/chat/{id}: the way back leads to a page the viewer can open', { timeout: 60_000 }, () => {
  it('staff holding Waitlist go back to the applicant', async () => {
    open(buildUser({ modules: ['Waitlist'] }));
    expect(await screen.findByRole('link', { name: 'Back to applicant' }, WAIT)).toHaveAttribute('href', `/waitList/${APPLICANT}`);
  });

  it('the applicant signed in with their e-mail goes back home, not to a No Access page', async () => {
    open(buildUser({ isInternal: false, email: 'ada@example.test', modules: [] }));
    expect(await screen.findByRole('heading', { name: 'Chat' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to applicant' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });
});
