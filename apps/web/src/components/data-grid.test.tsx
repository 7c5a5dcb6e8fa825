import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type TRecordedCall, type TStubResponse } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { DataGrid } from './data-grid';

interface TRow {
  _id: string;
  name: string;
}

/** A server list of `count` rows; `headersOf` gives the count headers of each page. */
function listOf(count: number, headersOf: (page: number, pageSize: number) => Record<string, string>) {
  return (call: TRecordedCall): TStubResponse => {
    const query = new URLSearchParams(call.search);
    const page = Number(query.get('page'));
    const pageSize = Number(query.get('pageSize'));
    const first = (page - 1) * pageSize;
    const rows = Array.from({ length: Math.max(0, Math.min(pageSize, count - first)) }, (_, i) => ({ _id: `r${first + i + 1}`, name: `Row ${first + i + 1}` }));
    return { body: rows, headers: headersOf(page, pageSize) };
  };
}

function renderGrid() {
  renderWithProviders(<DataGrid<TRow> path="/Things" ariaLabel="Things" columns={[{ field: 'name', headerName: 'Name', sortable: true, flex: 1 }]} />);
}

const nextButton = () => screen.getByRole('button', { name: 'Go to next page' });

describe('DataGrid kit: a total the server only estimates', () => {
  it("says 'more than 1,000' and keeps Next enabled while the server says a next page exists", async () => {
    // The database's estimate is below what the server counted (stale statistics): a lower bound.
    stubFetch({ 'GET /api/Things': listOf(5_007, (page, pageSize) => ({ 'X-Total-Count': '1001', 'X-Total-Count-Estimated': 'true', 'X-Has-Next-Page': String(page * pageSize < 5_007) })) });
    renderGrid();
    expect(await screen.findByText('1–10 of more than 1,000')).toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
    await userEvent.click(nextButton());
    expect(await screen.findByText('11–20 of more than 1,000')).toBeInTheDocument();
    expect(await screen.findByText('Row 20')).toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
  });

  it('the last page (no next page) makes the count exact from the rows seen, and turns Next off', async () => {
    stubFetch({ 'GET /api/Things': listOf(15, (page) => ({ 'X-Total-Count': '1001', 'X-Total-Count-Estimated': 'true', 'X-Has-Next-Page': String(page < 2) })) });
    renderGrid();
    expect(await screen.findByText('1–10 of more than 1,000')).toBeInTheDocument();
    await userEvent.click(nextButton());
    expect(await screen.findByText('11–15 of 15')).toBeInTheDocument();
    expect(await screen.findByText('Row 15')).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
  });

  it("shows no estimate as a figure: 'more than 1,000' whatever the database guesses", async () => {
    stubFetch({ 'GET /api/Things': listOf(6_135, () => ({ 'X-Total-Count': '3161', 'X-Total-Count-Estimated': 'true', 'X-Has-Next-Page': 'true' })) });
    renderGrid();
    expect(await screen.findByText('1–10 of more than 1,000')).toBeInTheDocument();
    expect(screen.queryByText(/about/)).not.toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
  });

  it('an exact total reads as one', async () => {
    stubFetch({ 'GET /api/Things': listOf(12, (page, pageSize) => ({ 'X-Total-Count': '12', 'X-Has-Next-Page': String(page * pageSize < 12) })) });
    renderGrid();
    expect(await screen.findByText('1–10 of 12')).toBeInTheDocument();
    await userEvent.click(nextButton());
    expect(await screen.findByText('11–12 of 12')).toBeInTheDocument();
    await waitFor(() => expect(nextButton()).toBeDisabled());
  });
});

describe('DataGrid kit: keyset cursors (issue 20 §1)', () => {
  /** An estimated list that answers each page with the cursor of its last row. */
  const estimatedWithCursors = listOf(5_007, (page, pageSize) => ({
    'X-Total-Count': '48000',
    'X-Total-Count-Estimated': 'true',
    'X-Has-Next-Page': 'true',
    'X-Next-Cursor': `cursor-of-row-${page * pageSize}`,
  }));
  const afterOf = (call: TRecordedCall | undefined) => new URLSearchParams(call?.search).get('after');

  it('Next sends the cursor of the page before; Previous goes back by the remembered one; a new sort starts again without', async () => {
    const { callsTo } = stubFetch({ 'GET /api/Things': estimatedWithCursors });
    renderGrid();
    expect(await screen.findByText('Row 10')).toBeInTheDocument();
    expect(afterOf(callsTo('GET', '/api/Things').at(-1))).toBeNull();
    await userEvent.click(nextButton());
    expect(await screen.findByText('Row 20')).toBeInTheDocument();
    expect(afterOf(callsTo('GET', '/api/Things').at(-1))).toBe('cursor-of-row-10');
    await userEvent.click(nextButton());
    expect(await screen.findByText('Row 30')).toBeInTheDocument();
    expect(afterOf(callsTo('GET', '/api/Things').at(-1))).toBe('cursor-of-row-20');
    await userEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(await screen.findByText('11–20 of more than 1,000')).toBeInTheDocument();
    expect(afterOf(callsTo('GET', '/api/Things').findLast((call) => new URLSearchParams(call.search).get('page') === '2'))).toBe('cursor-of-row-10');

    await userEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    await waitFor(() => expect(new URLSearchParams(callsTo('GET', '/api/Things').at(-1)?.search).get('sort')).toBe('name:asc'));
    expect(afterOf(callsTo('GET', '/api/Things').at(-1))).toBeNull();
  });

  it('an exact total pages by offset (no cursor)', async () => {
    const { callsTo } = stubFetch({ 'GET /api/Things': listOf(12, (page, pageSize) => ({ 'X-Total-Count': '12', 'X-Has-Next-Page': String(page * pageSize < 12), 'X-Next-Cursor': 'c' })) });
    renderGrid();
    expect(await screen.findByText('1–10 of 12')).toBeInTheDocument();
    await userEvent.click(nextButton());
    expect(await screen.findByText('11–12 of 12')).toBeInTheDocument();
    expect(afterOf(callsTo('GET', '/api/Things').at(-1))).toBeNull();
  });
});

