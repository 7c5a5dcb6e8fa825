import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import { useForm, useWatch, type Control, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { FormDialog } from './form-dialog';
import { CheckboxField, SelectField, TextField, type TSelectOption } from './form-fields';
import { MoneyField } from './money-field';
import { NumberField } from './number-field';
import { reportFormError } from '../lib/form-submit';
import { useNotify } from '../lib/notify';

/** How one field of a kit form is shown; its name is a key of the shared schema's input. */
/** 'digits': numbers kept as text (account, routing numbers) with the phone's number pad. */
export type TFieldKind = 'text' | 'email' | 'date' | 'multiline' | 'number' | 'integer' | 'money' | 'digits' | 'select' | 'checkbox';

export interface TFormFieldSpec<T extends FieldValues> {
  name: Path<T>;
  label: string;
  kind?: TFieldKind;
  required?: boolean;
  options?: readonly (TSelectOption | string)[];
  /** The empty first option of a select ('Select One' by default). */
  placeholder?: string;
  helperText?: ReactNode;
  /** Half the row on wider screens (two fields side by side); full width on phones. */
  half?: boolean;
  minRows?: number;
  readOnly?: boolean;
  /** Anything the kinds do not cover (an autocomplete, a schedule editor). */
  render?: (control: Control<T>) => ReactNode;
}

/** One field of the list, bound to the form. */
export function KitField<T extends FieldValues>({ spec, control, disabled, autoFocus }: { spec: TFormFieldSpec<T>; control: Control<T>; disabled?: boolean; autoFocus?: boolean }) {
  if (spec.render) return <>{spec.render(control)}</>;
  const common = { control, name: spec.name, label: spec.label, required: spec.required, disabled };
  switch (spec.kind ?? 'text') {
    case 'select':
      return <SelectField {...common} options={spec.options ?? []} placeholder={spec.placeholder ?? 'Select One'} helperText={spec.helperText} />;
    case 'checkbox':
      return <CheckboxField {...common} helperText={spec.helperText} />;
    case 'number':
      return <NumberField {...common} autoFocus={autoFocus} helperText={spec.helperText} />;
    case 'integer':
      return <NumberField {...common} autoFocus={autoFocus} helperText={spec.helperText} inputMode="numeric" />;
    case 'money':
      return <MoneyField {...common} autoFocus={autoFocus} />;
    case 'digits':
      return <TextField {...common} autoFocus={autoFocus} helperText={spec.helperText} inputMode="numeric" pattern="[0-9]*" />;
    case 'multiline':
      return <TextField {...common} autoFocus={autoFocus} multiline minRows={spec.minRows ?? 3} helperText={spec.helperText} readOnly={spec.readOnly} />;
    default:
      return (
        <TextField
          {...common}
          type={spec.kind === 'email' || spec.kind === 'date' ? spec.kind : 'text'}
          autoFocus={autoFocus}
          helperText={spec.helperText}
          readOnly={spec.readOnly}
        />
      );
  }
}

/** The field list laid out in a responsive grid: half-width pairs side by side from `sm` up. */
export function KitFields<T extends FieldValues>({ fields, control, disabled }: { fields: readonly TFormFieldSpec<T>[]; control: Control<T>; disabled?: boolean }) {
  return (
    <Grid container spacing={2}>
      {fields.map((spec, index) => (
        <Grid key={spec.name} size={spec.half ? { xs: 12, sm: 6 } : 12}>
          <KitField spec={spec} control={control} disabled={disabled} autoFocus={index === 0 && !disabled} />
        </Grid>
      ))}
    </Grid>
  );
}

export interface TSchemaFormDialogProps<S extends z.ZodType<FieldValues, FieldValues>> {
  /** The shared zod schema: the form validates with it and the server's field errors land on its keys. */
  schema: S;
  title: string;
  defaultValues: DefaultValues<z.input<S>>;
  /** The field list; a function of the current values when fields depend on a choice (Cash or Check). */
  fields: readonly TFormFieldSpec<z.input<S>>[] | ((values: z.input<S>) => readonly TFormFieldSpec<z.input<S>>[]);
  /** Saves the valid values (a mutation's `mutateAsync`); resolves to the server's answer. */
  onSave: (values: z.output<S>) => Promise<unknown>;
  /** The toast after saving: a text or one read from the answer. */
  successText: string | ((answer: unknown) => string);
  onClose: () => void;
  /** A viewer's copy: fields disabled, one Close button. */
  readOnly?: boolean;
  submitLabel?: string;
  fullScreen?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** Extra content under the fields (e.g. fields that depend on another's value). */
  children?: (control: Control<z.input<S>>) => ReactNode;
}

/**
 * The kit's add/edit dialog: a form driven by the shared zod schema and a field list. Client
 * errors come from the schema; on save the success toast, or the server's field errors on their
 * fields and any other failure as a toast. Full screen on phones; Enter submits, Escape cancels.
 */
export function SchemaFormDialog<S extends z.ZodType<FieldValues, FieldValues>>(props: TSchemaFormDialogProps<S>) {
  const { schema, title, defaultValues, fields, onSave, successText, onClose, readOnly, submitLabel, fullScreen, maxWidth, children } = props;
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  type TInput = z.input<S>;
  const resolver = zodResolver(schema as never) as unknown as Resolver<TInput, unknown, z.output<S>>;
  const form = useForm<TInput, unknown, z.output<S>>({ resolver, defaultValues });
  // the fields bind to the input shape; only the resolver knows the output
  const control = form.control as unknown as Control<TInput>;
  const values = useWatch({ control }) as TInput;
  const shown = typeof fields === 'function' ? fields(values) : fields;
  // A second submit while one validates or saves does nothing: a double click on Save (a money
  // record among them) must not send twice, and `saving` disables the button one render too late.
  const inFlight = useRef(false);
  const submit = form.handleSubmit(async (values) => {
    if (readOnly) return onClose();
    setSaving(true);
    try {
      const answer = await onSave(values);
      notify.success(typeof successText === 'function' ? successText(answer) : successText);
      onClose();
    } catch (error) {
      reportFormError(error, form.setError, schema, notify);
    } finally {
      setSaving(false);
    }
  });
  const submitOnce = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await submit(event);
    } finally {
      inFlight.current = false;
    }
  };
  return (
    <FormDialog
      open
      title={title}
      onClose={onClose}
      onSubmit={(event) => void submitOnce(event)}
      submitting={saving}
      submitLabel={readOnly ? 'Close' : submitLabel}
      cancelLabel={readOnly ? 'Close' : 'Cancel'}
      hideCancel={readOnly}
      fullScreen={fullScreen}
      maxWidth={maxWidth}
    >
      {shown.length > 0 && <KitFields fields={shown} control={control} disabled={readOnly || saving} />}
      {children?.(control)}
    </FormDialog>
  );
}
