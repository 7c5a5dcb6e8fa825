import type { ReactNode } from 'react';
import { confirmDelete, CrudSection, type TCrudColumn } from './crud-section';

export interface TRecordListTabProps<R> {
  /** The list's accessible name ('Tenants'). */
  title: string;
  rows: readonly R[];
  rowLabel: (row: R) => string;
  columns: readonly TCrudColumn<R>[];
  emptyText: string;
  /** Add, Edit and Delete for editors; the others only read. */
  canEdit: boolean;
  /** Whether a reader may open a row's read-only copy (else a reader has no row button). */
  readersView?: boolean;
  /** 'Add Tenant'. */
  addLabel: string;
  /** The add/edit dialog: `row` null to add. */
  renderDialog: (row: R | null, close: () => void) => ReactNode;
  /** Delete: the record's noun ('Tenant'), the question about a row, and the call. */
  remove: { noun: string; message: (row: R) => string; run: (row: R) => Promise<unknown> };
}

/**
 * The records of one tab (an agreement property's tenants or insurances): a bare list of the
 * kit's CrudSection with Add, Edit and a confirmed Delete for editors.
 */
export function RecordListTab<R>({ title, rows, rowLabel, columns, emptyText, canEdit, readersView, addLabel, renderDialog, remove }: TRecordListTabProps<R>) {
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
