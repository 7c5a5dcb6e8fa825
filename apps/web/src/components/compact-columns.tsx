import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { DataGridProps, GridColDef, GridColumnVisibilityModel, GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';

/** The widths below which a grid may fold columns: phones ('sm'), tablets ('md'), laptops ('lg'). */
export type TCompactBreakpoint = 'sm' | 'md' | 'lg';

/**
 * How a grid narrows without hiding anything: below a breakpoint only the `keep` fields stay
 * columns, and every other column's value is shown as a 'Header: value' line inside the
 * `detailsIn` column's cell (the first kept column by default), so a phone user still reads each
 * column of a row without scrolling sideways.
 */
export interface TCompactLayout {
  /** Fields kept as columns below each breakpoint; the narrowest breakpoint that applies wins. */
  keep: Partial<Record<TCompactBreakpoint, readonly string[]>>;
  /** The kept column whose cell carries the folded columns' lines. */
  detailsIn?: string;
}

/** True on a phone-width screen (below MUI's 'sm', 600 px). */
export function useIsPhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

/** The folded column's text for a row: its formatted value, or nothing when it has no plain value. */
function foldedText<R extends GridValidRowModel>(params: GridRenderCellParams<R>, column: GridColDef<R>): string | null {
  const value: unknown = params.api.getRowFormattedValue(params.row, column as GridColDef);
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object' && !(value instanceof Date)) return null;
  return String(value);
}

/** One folded column of a compact row: its header and what its cell would show. */
export interface TFoldedLine {
  label: string;
  value: ReactNode;
}

/**
 * A compact row's cell: its own content, then each folded column as a 'Header: value' line (the
 * one way grids and small tables show on a phone what they no longer have room for).
 */
export function CellWithFoldedLines(props: { children: ReactNode; lines: readonly TFoldedLine[] }) {
  return (
    <Box sx={{ py: 0.75, minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.4 }}>
      <div>{props.children}</div>
      {props.lines.map((line) => (
        <Typography key={line.label} variant="caption" component="div" color="text.secondary">
          {line.label}: {line.value}
        </Typography>
      ))}
    </Box>
  );
}

function DetailsCell<R extends GridValidRowModel>(props: { params: GridRenderCellParams<R>; own: ReactNode; folded: readonly GridColDef<R>[] }) {
  const { params, own, folded } = props;
  const lines = folded.flatMap((column) => {
    const text = foldedText(params, column);
    return text === null ? [] : [{ label: column.headerName ?? column.field, value: text }];
  });
  return <CellWithFoldedLines lines={lines}>{own}</CellWithFoldedLines>;
}

/** The least width of a kept column beside the one carrying the folded lines: a date or an amount fits. */
const COMPACT_MIN_WIDTH = 96;

/**
 * The columns for a narrow screen: the kept fields (and any actions column) in their order, the
 * `detailsIn` one also showing every folded column's value under its own. The folded columns stay
 * in the grid, hidden (`hidden`, for the grid's column visibility), not removed: the grid drops a
 * sort or filter on a column it no longer has, so turning a phone would otherwise lose the sort
 * (and the page with it).
 */
export function compactColumns<R extends GridValidRowModel>(columns: readonly GridColDef<R>[], keep: readonly string[], detailsIn?: string): { columns: GridColDef<R>[]; hidden: string[] } {
  const isKept = (column: GridColDef<R>) => column.type === 'actions' || keep.includes(column.field);
  const kept = columns.filter(isKept);
  const folded = columns.filter((column) => !isKept(column));
  const host = kept.find((column) => column.field === detailsIn) ?? kept.find((column) => column.type !== 'actions');
  if (folded.length === 0 || !host) return { columns: [...columns], hidden: [] };
  // The host carries the folded lines, so it takes the room the others can spare.
  const narrowed = columns.map((column) => {
    if (!isKept(column)) return column;
    if (column !== host) return { ...column, minWidth: Math.min(column.minWidth ?? COMPACT_MIN_WIDTH, COMPACT_MIN_WIDTH) };
    return {
      ...column,
      flex: 2,
      renderCell: (params: GridRenderCellParams<R>) => (
        <DetailsCell params={params} own={column.renderCell ? column.renderCell(params) : (params.formattedValue ?? params.value)} folded={folded} />
      ),
    };
  });
  return { columns: narrowed, hidden: folded.map((column) => column.field) };
}

/**
 * The grid props of a compact layout at the current width: its columns, the folded ones hidden,
 * and rows as tall as their lines when folded. Columns a person hides from the column menu stay
 * hidden at every width; the ones the width folds come back when the screen widens.
 */
export function useCompactGrid<R extends GridValidRowModel>(
  columns: readonly GridColDef<R>[],
  layout: TCompactLayout | undefined,
): Pick<DataGridProps<R>, 'columns' | 'getRowHeight' | 'columnVisibilityModel' | 'onColumnVisibilityModelChange'> {
  const theme = useTheme();
  const below: Record<TCompactBreakpoint, boolean> = {
    sm: useMediaQuery(theme.breakpoints.down('sm')),
    md: useMediaQuery(theme.breakpoints.down('md')),
    lg: useMediaQuery(theme.breakpoints.down('lg')),
  };
  const [chosen, setChosen] = useState<GridColumnVisibilityModel>({});
  if (!layout) return { columns: [...columns] };
  const breakpoint = (['sm', 'md', 'lg'] as const).find((key) => below[key] && layout.keep[key]);
  const keep = breakpoint ? layout.keep[breakpoint] : undefined;
  const compact = keep ? compactColumns(columns, keep, layout.detailsIn) : { columns: [...columns], hidden: [] };
  const folded = new Set(compact.hidden);
  return {
    columns: compact.columns,
    ...(folded.size > 0 ? { getRowHeight: () => 'auto' as const } : {}),
    columnVisibilityModel: { ...chosen, ...Object.fromEntries(compact.hidden.map((field) => [field, false])) },
    onColumnVisibilityModelChange: (model) => setChosen(Object.fromEntries(Object.entries(model).filter(([field]) => !folded.has(field)))),
  };
}
