import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceIcon from '@mui/icons-material/Place';
import { useController, type Control } from 'react-hook-form';
import {
  DEFAULT_PROPERTY_LOCATION,
  zPropertyFormFor,
  type TLocation,
  type TProperty,
  type TPropertyAttribute,
  type TPropertyInput,
  type TPropertyValues,
} from '@apron/core/properties';
import { Loader } from '../../components/loader';
import { SchemaForm } from '../../components/schema-form';
import type { TFormFieldSpec } from '../../components/schema-form-fields';
import { LocationPicker } from './location-picker';
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

function LocationField({ control, disabled }: { control: Control<TPropertyInput>; disabled: boolean }) {
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

/** One field per attribute of the chosen type (ids are uuids: no dots, so the path is `attributes.<id>`). */
function attributeField(attribute: TPropertyAttribute): TFormFieldSpec<TPropertyInput> {
  return {
    name: `attributes.${attribute._id}`,
    label: attribute.name,
    kind: attribute.attributeType === 'Date' ? 'date' : 'text',
    required: true,
    helperText: attribute.attributeType === 'Numeric' ? 'A number' : attribute.description || undefined,
    half: true,
  };
}

export interface TPropertyFormProps {
  property: TProperty | null;
  canEdit: boolean;
  /** Sends the values (a mutation's `mutateAsync`); resolves to the saved property. */
  onSave: (values: TPropertyValues) => Promise<TProperty>;
  successText: string;
  onSaved?: (property: TProperty) => void;
}

/**
 * Create and edit: the shared `zPropertyFormFor(attributes of the chosen type)` validates, the
 * same rule the server runs, so a Numeric attribute refuses 'abc' before anything is sent.
 */
export function PropertyForm({ property, canEdit, onSave, successText, onSaved }: TPropertyFormProps) {
  const types = usePropertyTypes();
  const areas = usePropertyAreas();
  const [typeId, setTypeId] = useState(property?.propertyType ?? '');
  const followType = useCallback((values: TPropertyInput) => setTypeId(values.propertyType ?? ''), []);
  const typeAttributes = useTypeAttributes(typeId || undefined);
  const attributes = useMemo(() => (typeId ? (typeAttributes.data ?? []) : []), [typeId, typeAttributes.data]);
  const schema = useMemo(() => zPropertyFormFor(attributes), [attributes]);

  if (types.isPending || areas.isPending) return <Loader text="Loading" />;
  const fields: TFormFieldSpec<TPropertyInput>[] = [
    { name: 'name', label: 'Name', required: true, half: true },
    { name: 'address', label: 'Address', required: true, half: true },
    { name: 'description', label: 'Description', kind: 'multiline', required: true, minRows: 3 },
    { name: 'area', label: 'Area', kind: 'select', required: true, options: (areas.data ?? []).map((a) => ({ value: a._id, label: a.name })), half: true },
    { name: 'propertyType', label: 'Property Type', kind: 'select', required: true, options: (types.data ?? []).map((t) => ({ value: t._id, label: t.name })), half: true },
    { name: 'rent', label: 'Rent', kind: 'money', required: true, half: true },
    { name: 'availableDate', label: 'Available Date', kind: 'date', half: true },
    ...(typeId && typeAttributes.isPending
      ? [{ name: 'attributes', label: 'Attributes', render: () => <Typography color="text.secondary">Loading attributes</Typography> } as const]
      : attributes.map(attributeField)),
    { name: 'visibletoExternal', label: 'Visible to External', kind: 'checkbox', half: true },
    { name: 'location', label: 'Location', half: true, render: (control) => <LocationField control={control} disabled={!canEdit} /> },
  ];
  return (
    <SchemaForm
      schema={schema}
      label="Property"
      defaultValues={defaultValues(property)}
      fields={fields}
      dependsOn={['propertyType']}
      onValuesChange={followType}
      // only the chosen type's attributes are sent; values of other types stay on the server
      onSave={(values) => onSave({ ...values, attributes: Object.fromEntries(attributes.map((a) => [a._id, values.attributes[a._id] ?? ''])) })}
      successText={successText}
      onSaved={(answer) => onSaved?.(answer as TProperty)}
      canEdit={canEdit}
      submitLabel={property ? 'Save' : 'Create'}
      nestedErrors
    />
  );
}
