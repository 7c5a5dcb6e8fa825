import { EXTERNAL_ID_COLUMN, type ImportColumn } from './contract';

/** The `properties` kind's template (issue 23): a listing per row, type and area by name. */
export const PROPERTY_IMPORT_COLUMNS: readonly ImportColumn[] = [
  EXTERNAL_ID_COLUMN,
  { key: 'name', label: 'Name', type: 'text', required: true, example: 'Hangar A-12', aliases: ['property', 'property name', 'unit'] },
  { key: 'propertyType', label: 'Type', type: 'text', required: true, example: 'T-Hangar', aliases: ['type', 'property type'], help: 'The name of a property type of Settings (it must exist).' },
  { key: 'area', label: 'Area', type: 'text', required: true, example: 'North Ramp', aliases: ['area name', 'zone'], help: 'The name of an area of Settings (it must exist).' },
  { key: 'description', label: 'Description', type: 'text', required: true, example: 'Heated T-hangar with power', aliases: ['details'] },
  { key: 'address', label: 'Address', type: 'text', required: true, example: '100 Airport Rd, Hangar Row A', aliases: ['street', 'location'] },
  { key: 'rent', label: 'Rent', type: 'money', required: true, example: '450.00', aliases: ['monthly rent', 'rent amount', 'price'], help: 'Dollars per billing period, e.g. 450.00 or $1,250.00.' },
  { key: 'status', label: 'Status', type: 'text', example: 'Active', help: 'Active or Inactive (Active when empty); Leased comes from agreements.' },
  { key: 'availableDate', label: 'Available date', type: 'date', example: '2026-01-01', aliases: ['available', 'available from'] },
  { key: 'visibleToExternal', label: 'Visible to public', type: 'boolean', example: 'yes', aliases: ['public', 'visible', 'published', 'visible to external'], help: 'yes or no (no when empty): listed on the public page.' },
  { key: 'latitude', label: 'Latitude', type: 'number', example: '39.8561', aliases: ['lat'] },
  { key: 'longitude', label: 'Longitude', type: 'number', example: '-104.6737', aliases: ['lon', 'lng', 'long'] },
  {
    key: 'attributes', label: 'Attributes', type: 'text', example: 'Door Width (ft): 42; Floor Area (sq ft): 1200; Electric Power: 110V; Last Inspection: 2026-03-01', aliases: ['custom attributes', 'features'],
    help: "The type's attributes as 'Name: value' separated by ';' (Name=value is read too).",
  },
];
