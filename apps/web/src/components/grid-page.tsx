import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { DataGrid, type TDataGridProps } from './data-grid';
import { PageHeader, type TPageHeaderProps } from './page-header';

/** The page's Add button: a link to the add page, or an action (open a dialog). */
export type TGridPageAdd = { label: string; to: string } | { label: string; onClick: () => void };

export interface TGridPageProps<R extends GridValidRowModel> extends TDataGridProps<R> {
  header: Omit<TPageHeaderProps, 'actions'>;
  /** Shown only when given (the caller decides from abilities or the permission table). */
  add?: TGridPageAdd | null;
  /** The page's dialogs (add, edit, confirm). */
  children?: ReactNode;
}

/**
 * A list page: the page header (title, back link, the Add button) over the kit's server-paged
 * DataGrid, then the page's dialogs. Owners, agreements, one master's inspections or work orders.
 */
export function GridPage<R extends GridValidRowModel>({ header, add, children, ...grid }: TGridPageProps<R>) {
  const addButton =
    add &&
    ('to' in add ? (
      <Button component={RouterLink} to={add.to} variant="contained" startIcon={<AddIcon />}>
        {add.label}
      </Button>
    ) : (
      <Button variant="contained" startIcon={<AddIcon />} onClick={add.onClick}>
        {add.label}
      </Button>
    ));
  return (
    <>
      <PageHeader {...header} actions={addButton || undefined} />
      <DataGrid<R> {...grid} />
      {children}
    </>
  );
}
