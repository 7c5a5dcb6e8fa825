import { useEffect, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { DefaultValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from './confirm-dialog';
import { KitFields, type TFormFieldSpec } from './schema-form-fields';
import { useSchemaForm, type TFormSchema } from './use-schema-form';

/** A question asked before saving (archiving an agreement cannot be undone). */
export interface TSaveConfirmation {
  title: string;
  message: string;
  confirmLabel: string;
}

export interface TSchemaFormProps<S extends TFormSchema> {
  /** The shared zod schema: the form validates with it and the server's field errors land on its keys. */
  schema: S;
  /** The form's accessible name ('Owner', 'Agreement'). */
  label: string;
  defaultValues: DefaultValues<z.input<S>>;
  /** The field list; a function of the current values when fields depend on a choice (Renewable). */
  fields: readonly TFormFieldSpec<z.input<S>>[] | ((values: z.input<S>) => readonly TFormFieldSpec<z.input<S>>[]);
  /** Saves the valid values (a mutation's `mutateAsync`); resolves to the server's answer. */
  onSave: (values: z.output<S>) => Promise<unknown>;
  successText: string | ((answer: unknown) => string | null);
  /** After the toast (e.g. open the record just created). */
  onSaved?: (answer: unknown) => void;
  /** Without it the fields are read-only and there is no Save button. */
  canEdit: boolean;
  submitLabel?: string;
  /** The button's text while saving (the label stays by default). */
  savingLabel?: string;
  /** Other buttons (links to the record's invoices ...). */
  actions?: ReactNode;
  /** 'end': the buttons on the right, Save last; 'start': Save first on the left, stacked on a phone. */
  buttonsAt?: 'end' | 'start';
  /** 'paper': an outlined panel of its own; 'none': inside a panel that already frames it. */
  frame?: 'paper' | 'none';
  /** Ask before saving these values (null: save at once). */
  confirm?: (values: z.output<S>) => TSaveConfirmation | null;
  /** The values `fields` and `onValuesChange` read; the form re-renders only when these change. */
  dependsOn?: readonly Path<z.input<S>>[];
  /** After the `dependsOn` values change (a page that loads what a choice needs: a property type's attributes). */
  onValuesChange?: (values: z.input<S>) => void;
  /** Errors on nested keys ('attributes.<id>') also go on their own inputs (`useSchemaForm`). */
  nestedErrors?: boolean;
}

/**
 * The page-sized sibling of `SchemaFormDialog`: the same schema, field list and save path
 * (`useSchemaForm`), laid out in a page (an owner, an agreement, an applicant, a deposit) with
 * Save and the page's other buttons under the fields. Focus stays where the page put it.
 */
export function SchemaForm<S extends TFormSchema>(props: TSchemaFormProps<S>) {
  const { schema, label, defaultValues, fields, onSave, successText, onSaved, canEdit, submitLabel = 'Save', savingLabel, actions, buttonsAt = 'end', frame = 'paper', confirm, dependsOn, onValuesChange, nestedErrors } = props;
  // The values waiting for an answer; the question stays while the dialog fades out.
  const [waiting, setWaiting] = useState<z.output<S> | null>(null);
  const [question, setQuestion] = useState<TSaveConfirmation | null>(null);
  const askFirst = confirm
    ? (values: z.output<S>) => {
        const asked = confirm(values);
        if (asked) {
          setQuestion(asked);
          setWaiting(values);
        }
        return !asked;
      }
    : undefined;
  const kit = useSchemaForm({ schema, defaultValues, onSave, successText, onSaved, nestedErrors, watch: dependsOn ?? 'none' }, askFirst);
  useEffect(() => onValuesChange?.(kit.values), [kit.values, onValuesChange]);
  const shown = typeof fields === 'function' ? fields(kit.values) : fields;
  const save = canEdit && (
    <Button type="submit" variant="contained" disabled={kit.saving}>
      {kit.saving && savingLabel ? savingLabel : submitLabel}
    </Button>
  );
  const buttons =
    buttonsAt === 'start' ? (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
        {save}
        {actions}
      </Stack>
    ) : (
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        {actions}
        {save}
      </Stack>
    );
  const body = (
    <form noValidate aria-label={label} onSubmit={(event) => void kit.submit(event)}>
      <KitFields fields={shown} control={kit.control} disabled={!canEdit || kit.saving} autoFocusFirst={false} pt={frame === 'none' ? 1 : undefined} />
      {(canEdit || actions) && buttons}
      {question && (
        <ConfirmDialog
          open={waiting !== null}
          title={question.title}
          message={question.message}
          confirmLabel={question.confirmLabel}
          destructive
          busy={kit.saving}
          onCancel={() => setWaiting(null)}
          onConfirm={() => {
            if (waiting) void kit.save(waiting).finally(() => setWaiting(null));
          }}
        />
      )}
    </form>
  );
  return frame === 'paper' ? (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      {body}
    </Paper>
  ) : (
    body
  );
}
