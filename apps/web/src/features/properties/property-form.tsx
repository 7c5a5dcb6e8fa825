import { useEffect, useMemo, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceIcon from '@mui/icons-material/Place';
import { useController, useForm, useWatch, type Control, type Resolver, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_PROPERTY_LOCATION,
  ZPropertyInput,
  zPropertyFormFor,
  type TLocation,
  type TProperty,
  type TPropertyAttribute,
  type TPropertyInput,
  type TPropertyValues,
} from '@apron/core/properties';
import { CheckboxField, SelectField, TextField } from '../../components/form-fields';
import { schemaFieldNames } from '../../lib/form-errors';
import { Loader } from '../../components/loader';
import { LocationPicker } from './location-picker';
import { MoneyField } from '../../components/money-field';
import { usePropertyAreas, usePropertyTypes } from './api/master-data';
import { useTypeAttributes } from './api/property';

function defaultValues(property: TProperty | null): TPropertyInput {
  if (!property) {
    return {
      name: '', description: '', area: '', propertyType: '', address: '', rent: undefined as unknown as number,
      availableDate: '', visibletoExternal: false, location: { ...DEFAULT_PROPERTY_LOCATION }, attributes: {},
    };
  }
  return {
    name: property.name,
    description: property.description,
    area: property.area,
    propertyType: property.propertyType,
    address: property.address,
    rent: property.rent,
    availableDate: property.availableDate ?? '',
    visibletoExternal: property.visibletoExternal,
    location: property.location,
    attributes: { ...property.attributes },
  };
}

function LocationField({ control, disabled }: { control: Control<TPropertyInput, unknown, TPropertyValues>; disabled: boolean }) {
  const { field, fieldState } = useController({ control, name: 'location' });
  const [open, setOpen] = useState(false);
  const value: TLocation = field.value ?? DEFAULT_PROPERTY_LOCATION;
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2" component="p">
        Location
      </Typography>
      <Typography variant="body2">{`Latitude ${value.lat.toFixed(6)}, Longitude ${value.lon.toFixed(6)}`}</Typography>
      {fieldState.error && (
        <Typography variant="body2" color="error" role="alert">
          {fieldState.error.message ?? 'Location is not valid'}
        </Typography>
      )}
      {!disabled && (
        <Button startIcon={<PlaceIcon />} variant="outlined" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
          Pick on Map
        </Button>
      )}
      <LocationPicker
        open={open}
        value={value}
        onClose={() => setOpen(false)}
        onPick={(point) => {
          field.onChange(point);
          setOpen(false);
        }}
      />
    </Stack>
  );
}

function AttributeFields({ attributes, control, disabled }: { attributes: readonly TPropertyAttribute[]; control: Control<TPropertyInput, unknown, TPropertyValues>; disabled: boolean }) {
  if (attributes.length === 0) return null;
  return (
    <>
      {attributes.map((attribute) => (
        <Grid key={attribute._id} size={{ xs: 12, sm: 6 }}>
          <TextField
            control={control}
            // attribute ids are uuids: no dots, so the path is `attributes.<id>`
            name={`attributes.${attribute._id}`}
            label={attribute.name}
            required
            disabled={disabled}
            type={attribute.attributeType === 'Date' ? 'date' : 'text'}
            helperText={attribute.attributeType === 'Numeric' ? 'A number' : attribute.description || undefined}
          />
        </Grid>
      ))}
    </>
  );
}

export interface TPropertyFormProps {
  property: TProperty | null;
  canEdit: boolean;
  submitting: boolean;
  /** Called with valid values and the form's setError (for the server's field errors). */
  onSubmit: (values: TPropertyValues, form: { setError: UseFormSetError<TPropertyInput>; fieldNames: string[] }) => void;
}

/**
 * Create and edit: the shared `zPropertyFormFor(attributes of the chosen type)` validates, the
 * same rule the server runs, so a Numeric attribute refuses 'abc' before anything is sent.
 */
export function PropertyForm({ property, canEdit, submitting, onSubmit }: TPropertyFormProps) {
  const types = usePropertyTypes();
  const areas = usePropertyAreas();
  // The resolver reads the chosen type's attributes at validation time (they load after the type is chosen).
  const attributesRef = useRef<readonly TPropertyAttribute[]>([]);
  const resolver = useMemo<Resolver<TPropertyInput, unknown, TPropertyValues>>(
    () => (values, context, options) => zodResolver(zPropertyFormFor(attributesRef.current))(values, context, options),
    [],
  );
  const form = useForm<TPropertyInput, unknown, TPropertyValues>({ resolver, defaultValues: defaultValues(property) });
  const typeId = useWatch({ control: form.control, name: 'propertyType' });
  const typeAttributes = useTypeAttributes(typeId || undefined);
  const attributes = useMemo(() => (typeId ? (typeAttributes.data ?? []) : []), [typeId, typeAttributes.data]);
  useEffect(() => {
    attributesRef.current = attributes;
  }, [attributes]);
  const disabled = !canEdit || submitting;

  const typeOptions = (types.data ?? []).map((t) => ({ value: t._id, label: t.name }));
  const areaOptions = (areas.data ?? []).map((a) => ({ value: a._id, label: a.name }));
  const fieldNames = [...schemaFieldNames(ZPropertyInput), ...attributes.map((a) => `attributes.${a._id}`)];

  if (types.isPending || areas.isPending) return <Loader text="Loading" />;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <form
        noValidate
        aria-label="Property"
        onSubmit={form.handleSubmit((values) => {
          // only the chosen type's attributes are sent; values of other types stay on the server
          const chosen = Object.fromEntries(attributes.map((a) => [a._id, values.attributes[a._id] ?? '']));
          onSubmit({ ...values, attributes: chosen }, { setError: form.setError, fieldNames });
        })}
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={form.control} name="name" label="Name" required disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={form.control} name="address" label="Address" required disabled={disabled} />
          </Grid>
          <Grid size={12}>
            <TextField control={form.control} name="description" label="Description" required multiline minRows={3} disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField control={form.control} name="area" label="Area" required options={areaOptions} placeholder="Select One" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField control={form.control} name="propertyType" label="Property Type" required options={typeOptions} placeholder="Select One" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <MoneyField control={form.control} name="rent" label="Rent" required disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField control={form.control} name="availableDate" label="Available Date" type="date" disabled={disabled} />
          </Grid>
          {typeId && typeAttributes.isPending ? (
            <Grid size={12}>
              <Typography color="text.secondary">Loading attributes</Typography>
            </Grid>
          ) : (
            <AttributeFields attributes={attributes} control={form.control} disabled={disabled} />
          )}
          <Grid size={{ xs: 12, sm: 6 }}>
            <CheckboxField control={form.control} name="visibletoExternal" label="Visible to External" disabled={disabled} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <LocationField control={form.control} disabled={disabled} />
          </Grid>
        </Grid>
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={submitting}>
              {property ? 'Save' : 'Create'}
            </Button>
          </Stack>
        )}
      </form>
    </Paper>
  );
}
