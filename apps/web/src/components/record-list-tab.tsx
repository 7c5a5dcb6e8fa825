import type { ReactNode } from 'react';
import { confirmDelete, CrudSection, type TCrudColumn } from './crud-section';

/** What a tab's list is, said once beside its columns. */
export interface TRecordList<R> {
  /** The list's accessible name ('Tenants'). */
  title: string;
  rowLabel: (row: R) => string;
  columns: readonly TCrudColumn<R>[];
  emptyText: string;
  /** 'Add Tenant'. */
  addLabel: string;
  /** Whether a reader may open a row's read-only copy (else a reader has no row button). */
  readersView?: boolean;
}

export interface TRecordListTabProps<R> {
  list: TRecordList<R>;
  rows: readonly R[];
  /** Add, Edit and Delete for editors; the others only read. */
  canEdit: boolean;
  /** The add/edit dialog: `row` null to add. */
  renderDialog: (row: R | null, close: () => void) => ReactNode;
  /** Delete: the record's noun ('Tenant'), the question about a row, and the call. */
  remove: { noun: string; message: (row: R) => string; run: (row: R) => Promise<unknown> };
}

/**
 * The records of one tab (an agreement property's tenants or insurances): a bare list of the
 * kit's CrudSection with Add, Edit and a confirmed Delete for editors.
 */
export function RecordListTab<R>({ list, rows, canEdit, renderDialog, remove }: TRecordListTabProps<R>) {
  const { title, rowLabel, columns, emptyText, addLabel, readersView } = list;
  return (
    <CrudSection<R>
      title={title}
      frame="plain"
      rows={rows}
      rowLabel={rowLabel}
      columns={columns}
      emptyText={emptyText}
      canAdd={canEdit}
      addLabel={addLabel}
      openAs={() => (canEdit ? 'edit' : readersView ? 'view' : null)}
      renderDialog={renderDialog}
      confirm={canEdit ? confirmDelete(remove.noun, remove.message, remove.run) : undefined}
    />
  );
}
