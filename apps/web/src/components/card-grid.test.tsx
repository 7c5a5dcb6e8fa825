import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, errorMessage } from '../lib/api-client';
import { stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { CardGrid } from './card-grid';

interface THangar {
  _id: string;
  name: string;
  size: number;
}

function Hangars() {
  const hangars = useQuery({ queryKey: ['hangars'], queryFn: ({ signal }) => apiFetch<THangar[]>('/Hangars', { signal }) });
  return (
    <CardGrid
      label="Hangars"
      query={hangars}
      errorText={errorMessage}
      empty={<Typography>No hangars yet.</Typography>}
      toCard={(hangar) => ({ key: hangar._id, to: `/hangar/${hangar._id}`, title: hangar.name, details: <Typography>{hangar.size} sq ft</Typography> })}
    />
  );
}

describe('kit CardGrid', () => {
  it('shows a loader, then each record as a linked card headed by its name, reachable with Tab', async () => {
    stubFetch({ 'GET /api/Hangars': { body: [{ _id: 'h1', name: 'North Hangar', size: 1200 }, { _id: 'h2', name: 'South Hangar', size: 900 }] } });
    const { router } = renderWithProviders(<Hangars />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Hangars' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/hangar/h1', '/hangar/h2']);
    expect(within(links[0]!).getByRole('heading', { level: 2, name: 'North Hangar' })).toBeInTheDocument();
    expect(within(links[0]!).getByText('1200 sq ft')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.tab();
    expect(links[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/hangar/h1');
  });

  it('shows the empty state and no list when there are no records', async () => {
    stubFetch({ 'GET /api/Hangars': { body: [] } });
    renderWithProviders(<Hangars />);
    expect(await screen.findByText('No hangars yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows the error as an alert with the server's message", async () => {
    stubFetch({ 'GET /api/Hangars': { status: 500, body: { message: 'Hangars are resting' } } });
    renderWithProviders(<Hangars />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Hangars are resting');
  });
});
