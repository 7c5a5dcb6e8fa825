import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TForm, TFormSchema } from '@apron/core/forms';
import { isApiError } from '../lib/api-client';
import { useFormVersion, useSaveForm } from './forms-api';
import { SUCCESS_TEXT, useNotify } from '../lib/notify';
import { Loader } from './loader';
import { FormBuilder } from './form-builder';
import { FormViewer } from './form-viewer';

export interface TFormDesignerProps {
  open: boolean;
  /** The form to edit; null creates a new one. */
  formId: string | null;
  /** The name a new form starts with. */
  defaultName?: string;
  onClose: () => void;
  /** After `Forms/createForm` or `updateForm/{id}` answered (a new version). */
  onSaved: (form: TForm) => void;
}

/**
 * Create, edit and preview a form (form-js editor and viewer, full screen). Saving writes a new
 * version; what was filled on an older version keeps showing as filled.
 */
export function FormDesigner({ open, formId, defaultName = '', onClose, onSaved }: TFormDesignerProps) {
  const titleId = useId();
  const existing = useFormVersion(open ? formId : null);
  const loading = !!formId && existing.isPending;
  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{formId ? 'Edit Form' : 'Create Form'}</DialogTitle>
      {loading ? (
        <DialogContent>
          <Loader text="Loading form" />
        </DialogContent>
      ) : existing.isError ? (
        <DialogContent>
          <Alert severity="error">The form could not be loaded. Please try again later.</Alert>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogContent>
      ) : (
        <DesignerBody key={existing.data ? `${existing.data._id}:${existing.data.version}` : 'new'} form={existing.data ?? null} defaultName={defaultName} onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

function DesignerBody({ form, defaultName, onClose, onSaved }: { form: TForm | null; defaultName: string; onClose: () => void; onSaved: (form: TForm) => void }) {
  const notify = useNotify();
  const [name, setName] = useState(form?.name ?? defaultName);
  const [schema, setSchema] = useState<TFormSchema | null>((form?.schema as TFormSchema | undefined) ?? null);
  const [tab, setTab] = useState<'build' | 'preview'>('build');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveForm(form);
  const saveNow = () =>
    save.mutate(
      { name: name.trim(), schema },
      {
        onSuccess: (saved) => {
          notify.success(form ? SUCCESS_TEXT.updated : SUCCESS_TEXT.created);
          onSaved(saved);
        },
        onError: (error) => {
          if (isApiError(error) && error.hasFieldErrors) setErrors(error.fieldErrors);
          else notify.error(error);
        },
      },
    );

  function submit() {
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = 'Name is required';
    if (!schema || schema.components.length === 0) next.schema = 'Add at least one field to the form';
    setErrors(next);
    if (Object.keys(next).length === 0) saveNow();
  }

  const schemaErrors = Object.entries(errors).filter(([key]) => key !== 'name').map(([, message]) => message);
  return (
    <>
      <DialogContent dividers>
        <TextField
          label="Form Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
          error={!!errors.name}
          helperText={errors.name ?? (form ? `Version ${form.version}: saving makes version ${form.latestVersion + 1}` : undefined)}
          sx={{ mb: 2, width: { xs: '100%', sm: 400 } }}
        />
        {schemaErrors.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {schemaErrors.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        <Tabs value={tab} onChange={(_, value: 'build' | 'preview') => setTab(value)} aria-label="Form builder">
          <Tab value="build" label="Build" />
          <Tab value="preview" label="Preview" />
        </Tabs>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          To make a checkbox, radio or select a pass/fail check, add the custom property <code>passFail</code> = <code>true</code> (a radio or
          select fails on the value <code>fail</code>, or on the values listed in <code>failValues</code>).
        </Typography>
        {/* The builder stays mounted while previewing, so nothing built is lost. */}
        <Box sx={{ display: tab === 'build' ? 'block' : 'none' }}>
          <FormBuilder schema={schema} onChange={setSchema} onError={(message) => setErrors({ schema: message })} />
        </Box>
        {tab === 'preview' && schema && (
          <Box sx={{ maxWidth: 800 }}>
            <FormViewer schema={schema} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Save Form
        </Button>
      </DialogActions>
    </>
  );
}
