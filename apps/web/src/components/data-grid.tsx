import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import SearchIcon from '@mui/icons-material/Search';
import {
  DataGrid as MuiDataGrid,
  type DataGridProps,
  type GridLocaleText,
  type GridColDef,
  type GridFilterModel,
  type GridPaginationModel,
  type GridRowParams,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@apron/core/common/list';
import { GRID_EXACT_COUNT_UP_TO } from '@apron/core/common/headers';
import { apiList, type TListResult } from '../lib/api-client';
import { useCompactGrid, type TCompactLayout } from './compact-columns';

/** Query key prefix of every server list; invalidate `listQueryKey(path)` after a change. */
export function listQueryKey(path: string): readonly unknown[] {
  return ['list', path];
}

export interface TListParams {
  page: number;
  pageSize: number;
  sort?: string;
  q?: string;
  /** The cursor of the previous page's last row: the server reads this page by keyset, not offset. */
  after?: string;
}

export interface TDataGridProps<R extends GridValidRowModel> {
  /** The API list path, e.g. `/Crud/documentTypes`. */
  path: string;
  columns: GridColDef<R>[];
  /** Extra fixed filters sent with every page request. */
  filters?: Record<string, string | number | boolean | undefined>;
  searchable?: boolean;
  searchLabel?: string;
  /** Accessible name of the grid. */
  ariaLabel: string;
  getRowId?: (row: R) => string;
  onRowClick?: (row: R) => void;
  toolbar?: ReactNode;
  initialSort?: GridSortModel;
  /**
   * Column filters on the server: turns the grid's filter model into query parameters. Without
   * it the column filter menu is off.
   */
  filterToQuery?: (model: GridFilterModel) => Record<string, string | undefined>;
  /**
   * Narrow screens: the columns kept below a width; the others show as 'Header: value' lines in
   * a kept column's cell, so no column's data is out of reach on a phone.
   */
  compact?: TCompactLayout;
  /** Page sizes offered (default the grids' 5/10/15/20; messages use 5/10/15). */
  pageSizeOptions?: readonly number[];
  /** Extra MUI DataGrid props: row selection (checkboxes), row class names. */
  gridProps?: Pick<DataGridProps<R>, 'checkboxSelection' | 'rowSelectionModel' | 'onRowSelectionModelChange' | 'keepNonExistentRowsSelected' | 'getRowClassName'>;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** A page of a list and where it starts (0-based), so a page kept on screen while the next loads is still read right. */
type TListPage<R> = TListResult<R> & { firstRow: number };

const countFormat = new Intl.NumberFormat('en-US');

/**
 * '1–10 of 5,007' when the total is counted; while it is not (rowCount -1), the lower bound the
 * server proved: 'of more than 1,000', or 'of more than 3,060' on a later page (it counted past
 * both). Never the planner's estimate, even worded 'about': with statistics that lag (a bulk load,
 * PGlite, which never analyzes) it read 'about 3,161' for 6,135 invoices, and a finance clerk reads
 * a figure as a figure. A total is never shown as exact when it is not: a grid that did hid every
 * row past a stale estimate (issue 20).
 */
export const paginationDisplayedRows: GridLocaleText['paginationDisplayedRows'] = ({ from, to, count }) => {
  const of = count !== -1 ? countFormat.format(count) : `more than ${countFormat.format(Math.max(GRID_EXACT_COUNT_UP_TO, to))}`;
  return `${countFormat.format(from)}–${countFormat.format(to)} of ${of}`;
};

/**
 * The grid's row count from the server's answer (docs/api.md, "Lists"). An exact X-Total-Count is
 * the row count. An estimated one is not trusted for paging: the count is unknown (-1), Next
 * follows X-Has-Next-Page, the label says only the proven lower bound, and the last page (no next page)
 * makes the count exact from the rows seen.
 */
function rowCountOf<R>(data: TListPage<R> | undefined): Pick<DataGridProps, 'rowCount' | 'estimatedRowCount' | 'paginationMeta'> {
  if (!data) return { rowCount: 0 };
  const hasNextPage = data.hasNextPage ?? (data.estimated ? data.rows.length > 0 : data.firstRow + data.rows.length < data.total);
  if (!data.estimated) return { rowCount: data.total, paginationMeta: { hasNextPage } };
  if (!hasNextPage) return { rowCount: data.firstRow + data.rows.length, paginationMeta: { hasNextPage } };
  return { rowCount: -1, estimatedRowCount: data.total, paginationMeta: { hasNextPage } };
}

/**
 * The cursor (X-Next-Cursor) of each visited page while the total is not exact, so Next asks for
 * the page after the last row seen (keyset) and a deep page costs what the first does (issue 20
 * §1). They hold for one order, search, filter set and page size: any change forgets them. With
 * an exact total (up to 1,000 rows) pages go by offset, which is as cheap there.
 */
function usePageCursors(pagedFor: string) {
  // A cache written when an answer arrives (not render state): a new answer needs no re-render.
  const [cursors] = useState(() => ({ pagedFor, byPage: new Map<number, string>() }));
  return {
    /** The cursor to send for `page` (0-based): the one of the page before, when known. */
    afterFor: (page: number) => (cursors.pagedFor === pagedFor ? cursors.byPage.get(page - 1) : undefined),
    remember: <R,>(page: number, answer: TListResult<R>) => {
      if (cursors.pagedFor !== pagedFor) Object.assign(cursors, { pagedFor, byPage: new Map() });
      if (answer.estimated && answer.nextCursor) cursors.byPage.set(page, answer.nextCursor);
    },
  };
}

function defaultRowId(row: GridValidRowModel): string {
  return String(row._id ?? row.id);
}

/** A server-paged, server-sorted grid with an optional search box `q`. */
export function DataGrid<R extends GridValidRowModel>(props: TDataGridProps<R>) {
  const { path, columns, filters, searchable, searchLabel = 'Search', ariaLabel, getRowId, onRowClick, toolbar, initialSort = [], pageSizeOptions = PAGE_SIZE_OPTIONS, gridProps, compact } = props;
  const compactGrid = useCompactGrid(columns, compact);
  const { filterToQuery } = props;
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });
  const columnFilters = filterToQuery ? filterToQuery(filterModel) : {};
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  // The page chosen applies to one search text; a new search starts again on the first page.
  const [paging, setPaging] = useState<{ model: GridPaginationModel; forQ: string }>({
    model: { page: 0, pageSize: DEFAULT_PAGE_SIZE },
    forQ: '',
  });
  // A new column filter starts again on the first page too.
  const pagedFor = `${q}\u0000${JSON.stringify(columnFilters)}`;
  const paginationModel = paging.forQ === pagedFor ? paging.model : { ...paging.model, page: 0 };
  const setPaginationModel = (model: GridPaginationModel) => setPaging({ model, forQ: pagedFor });
  const [sortModel, setSortModel] = useState<GridSortModel>(initialSort);

  const first = sortModel[0];
  const sort = first?.sort ? `${first.field}:${first.sort}` : undefined;
  const cursors = usePageCursors(JSON.stringify([path, sort, pagedFor, filters ?? {}, paginationModel.pageSize]));
  const pageIndex = paginationModel.page;
  const params: TListParams = {
    page: pageIndex + 1,
    pageSize: paginationModel.pageSize,
    sort,
    q: q || undefined,
    after: cursors.afterFor(pageIndex),
  };
  const query = useQuery({
    queryKey: [...listQueryKey(path), params, filters ?? {}, columnFilters],
    queryFn: async ({ signal }): Promise<TListPage<R>> => {
      const answer = await apiList<R>(path, { query: { ...filters, ...columnFilters, ...params }, signal });
      cursors.remember(pageIndex, answer);
      return { ...answer, firstRow: pageIndex * params.pageSize };
    },
    placeholderData: keepPreviousData,
  });

  return (
    <Box>
      {(searchable || toolbar) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, justifyContent: 'space-between' }}>
          {searchable ? (
            <MuiTextField
              label={searchLabel}
              type="search"
              size="small"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          ) : (
            <span />
          )}
          {toolbar}
        </Stack>
      )}
      <MuiDataGrid<R>
        aria-label={ariaLabel}
        rows={query.data?.rows ?? []}
        {...rowCountOf(query.data)}
        {...compactGrid}
        getRowId={getRowId ?? defaultRowId}
        loading={query.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={setPaginationModel}
        sortModel={sortModel}
        onSortModelChange={setSortModel}
        pageSizeOptions={[...pageSizeOptions]}
        disableColumnFilter={!filterToQuery}
        filterModel={filterToQuery ? filterModel : undefined}
        onFilterModelChange={filterToQuery ? setFilterModel : undefined}
        disableRowSelectionOnClick
        autoHeight
        onRowClick={onRowClick ? (rowParams: GridRowParams<R>) => onRowClick(rowParams.row) : undefined}
        localeText={{ noRowsLabel: query.isError ? 'Error Occurred' : 'No rows', paginationDisplayedRows }}
        {...gridProps}
        sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' } }}
      />
    </Box>
  );
}
