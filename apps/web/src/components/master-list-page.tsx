import type { ReactNode } from 'react';
import { CrudSection, type TCrudColumn, type TCrudConfirm } from './crud-section';

/** What every master record (asset, inspection, work-order types) has. */
export interface TMasterRecord {
  _id: string;
  name: string;
  description: string;
  abilities: { edit: boolean };
}

export interface TMasterListPageProps<R extends TMasterRecord> {
  /** 'Master Asset': the page's title. */
  title: string;
  query: { data?: readonly R[]; isPending: boolean; error: unknown };
  emptyText: string;
  /** Create (internal Settings admins; the server decides all the same). */
  canAdd: boolean;
  /** The columns after Name and Description. */
  columns: readonly TCrudColumn<R>[];
  /** The add/edit dialog: `row` null to create; read-only for a row the user may not edit. */
  renderDialog: (row: R | null, readOnly: boolean, close: () => void) => ReactNode;
  /** Delete: shown on every row the user may edit; a master in use is refused by the server with its message. */
  confirmDelete: Omit<TCrudConfirm<R>, 'can'>;
}

/**
 * A Settings page of master records (`/settings/asset`, `/settings/inspection`,
 * `/settings/workorder`): the page header back to Settings, Name and Description then the
 * master's own columns, Create, Edit (or View when the row is not the user's to edit) and Delete.
 */
export function MasterListPage<R extends TMasterRecord>({ title, query, emptyText, canAdd, columns, renderDialog, confirmDelete }: TMasterListPageProps<R>) {
  return (
    <CrudSection<R>
      title={title}
      frame="page"
      backTo="/settings"
      query={query}
      rowLabel={(row) => row.name}
      emptyText={emptyText}
      canAdd={canAdd}
      addLabel="Create"
      columns={[{ header: 'Name', cell: (row) => row.name }, { header: 'Description', cell: (row) => row.description, hideOnPhone: true }, ...columns]}
      openAs={(row) => (row.abilities.edit ? 'edit' : 'view')}
      renderDialog={(row, close) => renderDialog(row, !!row && !row.abilities.edit, close)}
      confirm={{ ...confirmDelete, can: (row) => row.abilities.edit }}
    />
  );
}
