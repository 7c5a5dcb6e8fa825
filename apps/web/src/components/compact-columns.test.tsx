import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { stubFetch } from '../test/fetch-stub';
import { stubWindowWidth } from '../test/media';
import { renderWithProviders } from '../test/render';
import { DataGrid } from './data-grid';

interface TOwner {
  _id: string;
  name: string;
  email: string;
  phone: string;
}

const COLUMNS: GridColDef<TOwner>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 180 },
  { field: 'phone', headerName: 'Phone #', minWidth: 130, valueFormatter: (value: string) => (value ? value : 'NA') },
];

function renderOwners() {
  stubFetch({ 'GET /api/Owners': { body: [{ _id: 'o1', name: 'Sierra Skies Aviation', email: 'ops@sierraskies.test', phone: '' }], headers: { 'X-Total-Count': '1' } } });
  renderWithProviders(<DataGrid<TOwner> path="/Owners" ariaLabel="Owners" columns={COLUMNS} compact={{ keep: { sm: ['name'] } }} />);
}

describe('kit DataGrid, compact on narrow screens', () => {
  it('on a phone keeps the kept columns and shows every other one, formatted, under the first', async () => {
    stubWindowWidth('phone');
    renderOwners();
    const grid = await screen.findByRole('grid', { name: 'Owners' });
    const name = await within(grid).findByText('Sierra Skies Aviation');
    const cell = name.closest('[role="gridcell"]');
    if (!(cell instanceof HTMLElement)) throw new Error('the name is not in a grid cell');
    expect(within(cell).getByText('Email: ops@sierraskies.test')).toBeInTheDocument();
    expect(within(cell).getByText('Phone #: NA')).toBeInTheDocument();
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name']);
  });

  it('on a desktop shows every column as a column', async () => {
    stubWindowWidth('desktop');
    renderOwners();
    const grid = await screen.findByRole('grid', { name: 'Owners' });
    expect(await within(grid).findByText('ops@sierraskies.test')).toBeInTheDocument();
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Email', 'Phone #']);
  });
});
