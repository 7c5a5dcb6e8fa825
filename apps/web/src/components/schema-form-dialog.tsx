import type { ReactNode } from 'react';
import type { Control, DefaultValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from './form-dialog';
import { HoneypotField } from './honeypot-field';
import { KitFields, type TFormFieldSpec } from './schema-form-fields';
import { useSchemaForm, type TFormSchema } from './use-schema-form';

/** Field lists are written next to the dialog that shows them. */
export type { TFormFieldSpec } from './schema-form-fields';

export interface TSchemaFormDialogProps<S extends TFormSchema> {
  /** The shared zod schema: the form validates with it and the server's field errors land on its keys. */
  schema: S;
  title: string;
  defaultValues: DefaultValues<z.input<S>>;
  /** The field list; a function of the current values when fields depend on a choice (Cash or Check). */
  fields: readonly TFormFieldSpec<z.input<S>>[] | ((values: z.input<S>) => readonly TFormFieldSpec<z.input<S>>[]);
  /** Saves the valid values (a mutation's `mutateAsync`); resolves to the server's answer. */
  onSave: (values: z.output<S>) => Promise<unknown>;
  /** The toast after saving: a text or one read from the answer. */
  successText: string | ((answer: unknown) => string | null);
  onClose: () => void;
  /** A viewer's copy: fields disabled, one Close button. */
  readOnly?: boolean;
  submitLabel?: string;
  fullScreen?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** Extra content under the fields (e.g. fields that depend on another's value). */
  children?: (control: Control<z.input<S>>) => ReactNode;
  /**
   * For a dialog kept mounted between openings (a public form keeps its draft when closed):
   * whether it shows. After a save the form empties for the next message.
   */
  open?: boolean;
  /** A public form's honeypot (`website` in its schema, core `ZHoneypot`). */
  honeypot?: boolean;
  /** Rows edited in the form: the server's errors on a row's input land on it (`useSchemaForm`). */
  nestedErrors?: boolean;
}

/**
 * The kit's add/edit dialog: a form driven by the shared zod schema and a field list
 * (`useSchemaForm`: client errors from the schema; on save the success toast, or the server's
 * field errors on their fields and any other failure as a toast). Full screen on phones; Enter
 * submits, Escape cancels. Its page-sized sibling is `SchemaForm`.
 */
export function SchemaFormDialog<S extends TFormSchema>(props: TSchemaFormDialogProps<S>) {
  const { schema, title, defaultValues, fields, onSave, successText, onClose, readOnly, submitLabel, fullScreen, maxWidth, children, open, honeypot, nestedErrors } = props;
  // A viewer's Save is Close: nothing is sent.
  const closeInstead = readOnly ? () => (onClose(), false) : undefined;
  const onSaved = () => {
    if (open !== undefined) kit.form.reset();
    onClose();
  };
  const kit = useSchemaForm({ schema, defaultValues, onSave, successText, onSaved, nestedErrors, watch: typeof fields === 'function' ? 'all' : 'none' }, closeInstead);
  const shown = typeof fields === 'function' ? fields(kit.values) : fields;
  return (
    <FormDialog
      open={open ?? true}
      title={title}
      onClose={onClose}
      onSubmit={(event) => void kit.submit(event)}
      submitting={kit.saving}
      submitLabel={readOnly ? 'Close' : submitLabel}
      cancelLabel={readOnly ? 'Close' : 'Cancel'}
      hideCancel={readOnly}
      fullScreen={fullScreen}
      maxWidth={maxWidth}
    >
      {shown.length > 0 && <KitFields fields={shown} control={kit.control} disabled={readOnly || kit.saving} />}
      {children?.(kit.control)}
      {honeypot && <HoneypotField {...kit.form.register('website' as Path<z.input<S>>)} />}
    </FormDialog>
  );
}
