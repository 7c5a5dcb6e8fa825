import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { stubFetch } from '../test/fetch-stub';
import { stubResizableWindow, stubWindowWidth } from '../test/media';
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

  it('keeps the page and the sort when the screen narrows past the breakpoint (a phone turned), even a sort by a folded column', async () => {
    const window = stubResizableWindow('desktop');
    const owners = Array.from({ length: 25 }, (_, i) => ({ _id: `o${i}`, name: `Owner ${i}`, email: `owner${String(i).padStart(2, '0')}@example.test`, phone: '' }));
    const { callsTo } = stubFetch({
      'GET /api/Owners': (call) => {
        const params = new URLSearchParams(call.search);
        const page = Number(params.get('page'));
        const rows = owners.slice((page - 1) * 10, page * 10);
        return { body: rows, headers: { 'X-Total-Count': String(owners.length) } };
      },
    });
    renderWithProviders(<DataGrid<TOwner> path="/Owners" ariaLabel="Owners" columns={COLUMNS} compact={{ keep: { sm: ['name'] } }} initialSort={[{ field: 'email', sort: 'desc' }]} />);
    expect(await screen.findByText('1–10 of 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('11–20 of 25')).toBeInTheDocument();
    window.resize('phone');
    expect(await screen.findByText('Email: owner10@example.test')).toBeInTheDocument();
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    const last = new URLSearchParams(callsTo('GET', '/api/Owners').at(-1)?.search);
    expect([last.get('page'), last.get('sort')]).toEqual(['2', 'email:desc']);
    window.resize('desktop');
    expect(await screen.findByText('owner10@example.test')).toBeInTheDocument();
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
  });
});
