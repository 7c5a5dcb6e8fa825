import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ASSET_MESSAGES, DEFAULT_ASSET_LOCATION, buildAssetSchema, type TAsset, type TAssetLocation, type TMasterAsset } from '@apron/core/assets/index';
import type { TFormAnswers, TFormSchema } from '@apron/core/forms';
import { CheckboxField, SelectField } from '../../components/form-fields';
import { FormViewer } from '../../components/form-viewer';
import { Loader } from '../../components/loader';
import { isApiError } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { useAsset, useAssetForm, useSaveAsset } from './api';
import { AssetFieldInput, fieldDefaults, type TAssetFormValues } from './asset-fields';
import { formatLocation, LocationDialog } from './location-dialog';

export interface TAssetFormPanelProps {
  /** null: a new asset. */
  assetId: string | null;
  masters: readonly TMasterAsset[];
  /** A new asset's type and place (the list's type; the map's clicked point). */
  initialType?: string;
  initialLocation?: TAssetLocation;
  onClose: () => void;
}

/** The side panel: 'Add New <type>' or 'Update Asset' (with the type's form beside it). */
export function AssetFormPanel(props: TAssetFormPanelProps) {
  const { assetId, onClose } = props;
  const notify = useNotify();
  const asset = useAsset(assetId);
  // 'Invalid Id' (or any load failure), then back to where the person came from.
  useEffect(() => {
    if (asset.isError) {
      notify.failure(ASSET_MESSAGES.invalidId);
      onClose();
    }
  }, [asset.isError, notify, onClose]);
  const wide = !!assetId;
  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: wide ? 'min(100%, 1040px)' : 480 } } } }}>
      {assetId && !asset.data ? <Loader /> : <AssetForm {...props} asset={asset.data ?? null} />}
    </Drawer>
  );
}

function AssetForm({ asset, masters, initialType, initialLocation, onClose }: TAssetFormPanelProps & { asset: TAsset | null }) {
  const notify = useNotify();
  const save = useSaveAsset(asset?._id ?? null);
  const form = useAssetForm(asset?._id ?? null);
  const [picking, setPicking] = useState(false);
  const [formErrors, setFormErrors] = useState<Record<string, string> | null>(null);
  const byId = useMemo(() => new Map(masters.map((master) => [master._id, master])), [masters]);
  // New assets choose among enabled types; an asset keeps its own type even if since disabled.
  const typeOptions = masters.filter((master) => master.status || master._id === asset?.assetId).map((master) => ({ value: master._id, label: master.name }));
  const startType = asset?.assetId ?? (initialType && byId.get(initialType)?.status ? initialType : '');

  // The one schema of the core, built from the chosen type's configuration (the server uses the same).
  const resolver: Resolver<TAssetFormValues> = (values, context, options) =>
    zodResolver(buildAssetSchema(byId.get(String(values.assetId))?.fields ?? []))(values, context, options as never) as never;
  const { control, handleSubmit, setError, setValue, getValues, reset } = useForm<TAssetFormValues>({
    resolver,
    defaultValues: {
      assetId: startType,
      status: asset?.status ?? true,
      location: asset?.location ?? initialLocation ?? { ...DEFAULT_ASSET_LOCATION },
      ...fieldDefaults(byId.get(startType)?.fields ?? [], asset ?? {}),
    },
  });
  const typeId = String(useWatch({ control, name: 'assetId' }) ?? '');
  const location = useWatch({ control, name: 'location' }) as TAssetLocation;
  const master = byId.get(typeId);
  // A new type brings its own fields (empty), keeping the type, status and location chosen.
  const shownType = useRef(startType);
  useEffect(() => {
    if (typeId === shownType.current) return;
    shownType.current = typeId;
    const { assetId: chosen, status, location: at } = getValues();
    reset({ assetId: chosen, status, location: at, ...fieldDefaults(byId.get(typeId)?.fields ?? [], typeId === asset?.assetId ? asset : {}) });
  }, [typeId, getValues, reset, byId, asset]);

  async function submit(values: TAssetFormValues, data?: TFormAnswers) {
    setFormErrors(null);
    try {
      await save.mutateAsync(data ? { ...values, data } : values);
      notify.success(asset ? ASSET_MESSAGES.updated : ASSET_MESSAGES.created);
      onClose();
    } catch (error) {
      if (!isApiError(error) || !error.hasFieldErrors) return notify.error(error);
      const own = new Set(['assetId', 'status', 'location', ...(master?.fields.map((field) => field.fieldName) ?? [])]);
      const rest: Record<string, string> = {};
      for (const [key, message] of Object.entries(error.fieldErrors)) {
        if (own.has(key.split('.')[0]!)) setError(key as Path<TAssetFormValues>, { type: 'server', message });
        else rest[key] = message;
      }
      if (Object.keys(rest).length > 0) setFormErrors(rest);
    }
  }

  const title = asset ? 'Update Asset' : `Add New ${master?.name ?? ''}`;
  const withForm = !!asset && !!form.data;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => submit(values))} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ flex: 1, overflow: 'auto', p: 2, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: withForm ? 'minmax(280px, 400px) 1fr' : '1fr' } }}>
        <Stack spacing={2}>
          <SelectField control={control} name="assetId" label="Asset Type" options={typeOptions} placeholder="Choose an asset type" required />
          {master?.fields.map((field) => <AssetFieldInput key={`${typeId}:${field.fieldName}`} field={field} control={control} />)}
          <CheckboxField control={control} name="status" label="Asset Status (active)" />
          <MuiTextField
            label="Location"
            value={location ? formatLocation(location) : ''}
            onClick={() => setPicking(true)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                setPicking(true);
              }
            }}
            helperText="Opens the map to select the location"
            slotProps={{ htmlInput: { readOnly: true, 'aria-haspopup': 'dialog' } }}
            fullWidth
          />
          {!withForm && (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                Save
              </Button>
            </Stack>
          )}
          {asset && form.isError && <Alert severity="info">This asset type's form could not be loaded; the asset can still be saved.</Alert>}
        </Stack>
        {asset && form.isPending && <Loader />}
        {withForm && (
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {form.data!.name}
            </Typography>
            {/* The asset and the form's answers go in one request (no waiting on the viewer). */}
            <FormViewer
              schema={form.data!.schema as unknown as TFormSchema}
              data={form.data!.data}
              errors={formErrors}
              actions={[{ label: 'Save', validate: true, variant: 'contained', onClick: (answers) => handleSubmit((values) => submit(values, answers))() }]}
            />
          </Box>
        )}
      </Box>
      {picking && (
        <LocationDialog
          value={location ?? DEFAULT_ASSET_LOCATION}
          onCancel={() => setPicking(false)}
          onSave={(point) => {
            setValue('location', point, { shouldDirty: true });
            setPicking(false);
          }}
        />
      )}
    </Box>
  );
}
