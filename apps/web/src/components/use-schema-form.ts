import { useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type Control, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { isApiError } from '../lib/api-client';
import { reportFormError } from '../lib/form-submit';
import { useNotify } from '../lib/notify';

/** A zod schema of a form's values, as the kit's forms take it. */
export type TFormSchema = z.ZodType<FieldValues, FieldValues>;

export interface TSchemaFormOptions<S extends TFormSchema> {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Saves the valid values (a mutation's `mutateAsync`); resolves to the server's answer. */
  onSave: (values: z.output<S>) => Promise<unknown>;
  /** The toast after saving: a text or one read from the answer (null: nothing was sent, no toast). */
  successText: string | ((answer: unknown) => string | null);
  /** After the toast (close the dialog, open the new record). */
  onSaved?: (answer: unknown) => void;
  /**
   * A list of rows edited in the form (a master asset's field configuration): the server's errors
   * on a row's input ('fields.1.fieldType') also go on that input, not only on the list.
   */
  nestedErrors?: boolean;
  /**
   * Which values the form re-renders for (fields that follow a choice): 'all', none, or the names
   * it depends on. Fewer is faster: a long page form need not redraw every field per keystroke.
   */
  watch?: 'all' | 'none' | readonly Path<z.input<S>>[];
}

export interface TSchemaForm<S extends TFormSchema> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  /** The fields bind to the input shape; only the resolver knows the output. */
  control: Control<z.input<S>>;
  /** The current values (fields that depend on a choice read them): those `watch` names. */
  values: z.input<S>;
  saving: boolean;
  /** Validates, then saves the values: at most one submit at a time. */
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Saves values already validated (after a confirmation the form asked for). */
  save: (values: z.output<S>) => Promise<void>;
}

/**
 * The one way a kit form (dialog or page) validates and saves: the shared zod schema checks the
 * values, `onSave` sends them, then the success toast, or the server's field errors on their
 * fields and any other failure as a toast. A second submit while one validates or saves does
 * nothing: a double click on Save (a money record among them) must not send twice, and `saving`
 * disables the button one render too late.
 */
export function useSchemaForm<S extends TFormSchema>(options: TSchemaFormOptions<S>, beforeSave?: (values: z.output<S>) => boolean): TSchemaForm<S> {
  const { schema, defaultValues, onSave, successText, onSaved, nestedErrors, watch = 'all' } = options;
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  type TInput = z.input<S>;
  const resolver = zodResolver(schema as never) as unknown as Resolver<TInput, unknown, z.output<S>>;
  const form = useForm<TInput, unknown, z.output<S>>({ resolver, defaultValues });
  const control = form.control as unknown as Control<TInput>;
  const names = Array.isArray(watch) ? (watch as Path<TInput>[]) : [];
  const all = useWatch({ control, disabled: watch !== 'all' }) as TInput;
  const some = useWatch({ control, name: names, disabled: names.length === 0 }) as unknown[];
  const values = (watch === 'all' ? all : Object.fromEntries(names.map((name, i) => [name, some[i]]))) as TInput;
  const inFlight = useRef(false);

  const save = async (valid: z.output<S>) => {
    setSaving(true);
    try {
      const answer = await onSave(valid);
      const text = typeof successText === 'function' ? successText(answer) : successText;
      if (text !== null) notify.success(text);
      onSaved?.(answer);
    } catch (error) {
      if (nestedErrors && isApiError(error)) {
        for (const [key, message] of Object.entries(error.fieldErrors)) {
          if (key.includes('.')) form.setError(key as Path<z.input<S>>, { type: 'server', message });
        }
      }
      reportFormError(error, form.setError, schema, notify);
    } finally {
      setSaving(false);
    }
  };
  // `beforeSave` may hold the values back (false), e.g. to ask for a confirmation first.
  const validateAndSave = form.handleSubmit(async (valid) => {
    if (beforeSave && !beforeSave(valid)) return;
    await save(valid);
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await validateAndSave(event);
    } finally {
      inFlight.current = false;
    }
  };
  return { form, control, values, saving, submit, save };
}
