import { LinkListPage } from '../../components/link-list-page';

const ENTRIES = [
  { to: '/properties/listings', label: 'Listings', secondary: 'Properties, images, documents and lease history' },
  { to: '/properties/types', label: 'Property Types', secondary: 'Types and the attributes each carries' },
  { to: '/properties/attributes', label: 'Property Attributes', secondary: 'Custom fields: Text, Numeric or Date' },
  { to: '/properties/areas', label: 'Property Areas', secondary: 'Areas of the airport' },
] as const;

/** `/properties`: the way to listings and the property master data. */
export function PropertiesHomePage() {
  return <LinkListPage title="Properties" backTo="/" entries={ENTRIES} />;
}
