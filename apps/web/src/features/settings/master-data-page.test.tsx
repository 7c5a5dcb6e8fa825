import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';

const ROWS = [
  { _id: 'a1', name: 'Lease', description: 'Signed lease', createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z' },
  { _id: 'a2', name: 'Insurance', description: '', createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z' },
];

function stubSettings(isAdmin: boolean) {
  return stubFetch({
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(buildUser({ modules: ['Settings'], isAdmin })) },
    'GET /api/AppConfig': { body: appConfig(true) },
    'GET /api/Crud/documentTypes': { body: ROWS, headers: { 'X-Total-Count': '12' } },
    'DELETE /api/Crud/documentTypes/a2': { body: { message: 'Deleted Successfully' } },
  });
}

describe('master-data page', () => {
  it('asks the server for the first page of 10 and shows the rows with admin actions', async () => {
    const user = userEvent.setup();
    const net = stubSettings(true);
    renderApp('/settings/documents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Types' })).toBeInTheDocument();
    expect(await screen.findByText('Signed lease')).toBeInTheDocument();
    expect(new URLSearchParams(net.callsTo('GET', '/api/Crud/documentTypes')[0]!.search).get('pageSize')).toBe('10');
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Insurance' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(net.callsTo('DELETE', '/api/Crud/documentTypes/a2')).toHaveLength(1));

    await user.type(screen.getByLabelText('Search'), 'lea');
    await waitFor(() => expect(net.calls.some((c) => c.path === '/api/Crud/documentTypes' && c.search.includes('q=lea'))).toBe(true));
  });

  it('is read-only for a Settings user who is not an admin', async () => {
    stubSettings(false);
    renderApp('/settings/documents');
    expect(await screen.findByText('Signed lease')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });
});
