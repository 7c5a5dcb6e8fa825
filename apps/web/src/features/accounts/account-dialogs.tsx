import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { MODULES, type TModule } from '@apron/core/access';
import { ZAccountCreate, ZAccountUpdate, type TAccount, type TAccountUpdate } from '@apron/core/accounts';
import type { z } from 'zod';
import { SchemaFormDialog, type TFormFieldSpec } from '../../components/schema-form-dialog';
import { SUCCESS_TEXT } from '../../lib/notify';
import { useAddAccount, useUpdateAccount } from './api';

/** The answer of a save that sent nothing. */
const NOTHING_SENT = Symbol('nothing sent');

/** The module checkboxes, one value: the list of checked modules. */
function ModulesField<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const checked: TModule[] = Array.isArray(field.value) ? (field.value as TModule[]) : [];
        const toggle = (module: TModule, on: boolean) =>
          field.onChange(on ? MODULES.filter((m) => m === module || checked.includes(m)) : checked.filter((m) => m !== module));
        return (
          <FormControl component="fieldset" error={!!fieldState.error}>
            <FormLabel component="legend">Modules</FormLabel>
            <FormGroup row>
              {MODULES.map((module) => (
                <FormControlLabel
                  key={module}
                  label={module}
                  control={<Checkbox checked={checked.includes(module)} onChange={(event) => toggle(module, event.target.checked)} />}
                />
              ))}
            </FormGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

type TCreateInput = z.input<typeof ZAccountCreate>;

const NAME_FIELDS = [
  { name: 'givenName', label: 'First Name', required: true },
  { name: 'familyName', label: 'Last Name', required: true },
] as const;

const modulesField = <T extends FieldValues>(name: Path<T>) => ({ name, label: 'Modules', render: (control: Control<T>) => <ModulesField control={control} name={name} /> });

const ADD_FIELDS: TFormFieldSpec<TCreateInput>[] = [
  { name: 'email', label: 'Email', kind: 'email', required: true },
  ...NAME_FIELDS,
  modulesField<TCreateInput>('modules'),
  { name: 'isAdmin', label: 'Admin', kind: 'checkbox', helperText: 'Admins may change the data of their modules.' },
];

export function AddAccountDialog({ onClose }: { onClose: () => void }) {
  const save = useAddAccount();
  return (
    <SchemaFormDialog
      schema={ZAccountCreate}
      title="Add Account"
      defaultValues={{ email: '', givenName: '', familyName: '', modules: [], isAdmin: false }}
      fields={ADD_FIELDS}
      onSave={save.mutateAsync}
      successText={SUCCESS_TEXT.added}
      onClose={onClose}
    />
  );
}

type TUpdateInput = z.input<typeof ZAccountUpdate>;

/** The fields of `next` that differ from the account (a PUT carries only what changed). */
export function changedFields(account: TAccount, next: TAccountUpdate): TAccountUpdate {
  const changes: TAccountUpdate = {};
  if (next.givenName !== undefined && next.givenName !== account.givenName) changes.givenName = next.givenName;
  if (next.familyName !== undefined && next.familyName !== account.familyName) changes.familyName = next.familyName;
  if (next.modules !== undefined && [...next.modules].sort().join() !== [...account.modules].sort().join()) changes.modules = next.modules;
  if (next.isAdmin !== undefined && next.isAdmin !== account.isAdmin) changes.isAdmin = next.isAdmin;
  if (next.enabled !== undefined && next.enabled !== account.enabled) changes.enabled = next.enabled;
  return changes;
}

export function EditAccountDialog({ account, onClose }: { account: TAccount; onClose: () => void }) {
  const save = useUpdateAccount();
  const fields: TFormFieldSpec<TUpdateInput>[] = [...NAME_FIELDS, ...(account.isInternal ? [modulesField<TUpdateInput>('modules')] : [])];
  return (
    <SchemaFormDialog
      schema={ZAccountUpdate}
      title={`Edit Account ${account.email}`}
      defaultValues={{ givenName: account.givenName, familyName: account.familyName, modules: account.modules }}
      fields={fields}
      // nothing changed: the dialog closes without a request (and without a toast)
      onSave={async (values) => {
        const change = changedFields(account, values);
        return Object.keys(change).length === 0 ? NOTHING_SENT : save.mutateAsync({ id: account._id, change });
      }}
      successText={(answer) => (answer === NOTHING_SENT ? null : SUCCESS_TEXT.updated)}
      onClose={onClose}
    />
  );
}
