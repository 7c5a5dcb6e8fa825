import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MODULES, type TModule } from '@apron/core/access';
import { ZAccountCreate, ZAccountUpdate, type TAccount, type TAccountUpdate } from '@apron/core/accounts';
import type { z } from 'zod';
import { listQueryKey } from '../../components/data-grid';
import { FormDialog } from '../../components/form-dialog';
import { CheckboxField, TextField } from '../../components/form-fields';
import { apiFetch } from '../../lib/api-client';
import { reportFormError } from '../../lib/form-submit';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';

export const ACCOUNTS_PATH = '/Accounts';

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
type TCreateOutput = z.output<typeof ZAccountCreate>;

export function AddAccountDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const form = useForm<TCreateInput, unknown, TCreateOutput>({
    resolver: zodResolver(ZAccountCreate),
    defaultValues: { email: '', givenName: '', familyName: '', modules: [], isAdmin: false },
  });
  const save = useMutation({
    mutationFn: (body: TCreateOutput) => apiFetch<TAccount>(ACCOUNTS_PATH, { method: 'POST', body }),
    onSuccess: () => {
      notify.success(SUCCESS_TEXT.added);
      onClose();
      return queryClient.invalidateQueries({ queryKey: listQueryKey(ACCOUNTS_PATH) });
    },
    onError: (error) => reportFormError(error, form.setError, ZAccountCreate, notify),
  });
  const { control } = form;
  return (
    <FormDialog open title="Add Account" onClose={onClose} submitting={save.isPending} onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <TextField control={control} name="email" label="Email" type="email" required autoFocus />
      <TextField control={control} name="givenName" label="First Name" required />
      <TextField control={control} name="familyName" label="Last Name" required />
      <ModulesField control={control} name="modules" />
      <CheckboxField control={control} name="isAdmin" label="Admin" helperText="Admins may change the data of their modules." />
    </FormDialog>
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
  const queryClient = useQueryClient();
  const notify = useNotify();
  const form = useForm<TUpdateInput, unknown, TAccountUpdate>({
    resolver: zodResolver(ZAccountUpdate),
    defaultValues: { givenName: account.givenName, familyName: account.familyName, modules: account.modules },
  });
  const save = useMutation({
    mutationFn: (body: TAccountUpdate) => apiFetch<TAccount>(`${ACCOUNTS_PATH}/${encodeURIComponent(account._id)}`, { method: 'PUT', body }),
    onSuccess: () => {
      notify.success(SUCCESS_TEXT.updated);
      onClose();
      return queryClient.invalidateQueries({ queryKey: listQueryKey(ACCOUNTS_PATH) });
    },
    onError: (error) => reportFormError(error, form.setError, ZAccountUpdate, notify),
  });
  const submit = form.handleSubmit((values) => {
    const changes = changedFields(account, values);
    if (Object.keys(changes).length === 0) onClose();
    else save.mutate(changes);
  });
  const { control } = form;
  return (
    <FormDialog open title={`Edit Account ${account.email}`} onClose={onClose} submitting={save.isPending} onSubmit={submit}>
      <TextField control={control} name="givenName" label="First Name" required autoFocus />
      <TextField control={control} name="familyName" label="Last Name" required />
      {account.isInternal && <ModulesField control={control} name="modules" />}
    </FormDialog>
  );
}
