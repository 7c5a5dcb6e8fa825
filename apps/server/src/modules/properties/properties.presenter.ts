import type {
  TLeaseInfo, TProperty, TPropertyArea, TPropertyAttribute, TPropertyGridRow, TPropertyStatus, TPropertyType, TPublicListing, TSessionUser,
} from '@apron/core';
import { fromCents, isModuleAdmin } from '@apron/core';
import type { PropertyAreaRow, PropertyAttributeRow, PropertyImageRow, PropertyRow, PropertyTypeRow } from './properties.table';
import { imageUrl } from './property-images';

const iso = (d: Date) => d.toISOString();

export function presentPropertyType(row: PropertyTypeRow, attributeIds: string[]): TPropertyType {
  return { _id: row.id, name: row.name, attributes: attributeIds, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

export function presentAttribute(row: PropertyAttributeRow): TPropertyAttribute {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    attributeType: row.attributeType as TPropertyAttribute['attributeType'],
    allowFiltering: row.allowFiltering,
    allowSorting: row.allowSorting,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function presentArea(row: PropertyAreaRow): TPropertyArea {
  return { _id: row.id, name: row.name, description: row.description, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

export interface PropertyDetailParts {
  row: PropertyRow;
  areaName: string;
  propertyTypeName: string;
  attributes: Record<string, string>;
  images: PropertyImageRow[];
  leaseInfo: TLeaseInfo;
}

export function presentProperty(user: TSessionUser | null, parts: PropertyDetailParts): TProperty {
  const { row } = parts;
  const admin = isModuleAdmin(user, 'Property');
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    area: row.areaId,
    areaName: parts.areaName,
    propertyType: row.propertyTypeId,
    propertyTypeName: parts.propertyTypeName,
    address: row.address,
    rent: fromCents(row.rentCents),
    availableDate: row.availableDate,
    visibletoExternal: row.visibleToExternal,
    location: { lat: row.lat, lon: row.lon },
    status: parts.leaseInfo.status,
    attributes: parts.attributes,
    headerImage:
      row.headerImageKey && row.headerThumbKey ? { url: imageUrl(row.headerImageKey), thumbnailUrl: imageUrl(row.headerThumbKey) } : null,
    images: parts.images.map((image) => ({ _id: image.id, url: imageUrl(image.storageKey), thumbnailUrl: imageUrl(image.thumbKey), position: image.position })),
    leaseInfo: parts.leaseInfo,
    // Leased is shown with no manual change (spec doc 1 §5); Inactive -> Active and back otherwise.
    abilities: { edit: admin, changeStatus: admin && parts.leaseInfo.status !== 'Leased' },
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export interface GridRowData {
  id: string;
  name: string;
  description: string;
  address: string;
  propertyTypeId: string;
  propertyTypeName: string;
  areaId: string;
  areaName: string;
  rentCents: number;
  availableDate: string | null;
  visibleToExternal: boolean;
  status: TPropertyStatus;
  thumbKey: string | null;
}

export function presentGridRow(row: GridRowData): TPropertyGridRow {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    address: row.address,
    propertyType: row.propertyTypeId,
    propertyTypeName: row.propertyTypeName,
    area: row.areaId,
    areaName: row.areaName,
    rent: fromCents(row.rentCents),
    availableDate: row.availableDate,
    visibletoExternal: row.visibleToExternal,
    status: row.status,
    thumbnailUrl: row.thumbKey ? imageUrl(row.thumbKey) : null,
  };
}

export interface ListingRowData {
  id: string;
  name: string;
  areaName: string;
  availableDate: string | null;
  rentCents: number;
  description: string;
  thumbKey: string | null;
  lat: number;
  lon: number;
  typeName: string;
}

/** The public DTO: listing fields only, built field by field so nothing else can slip in. */
export function presentListing(row: ListingRowData): TPublicListing {
  return {
    _id: row.id,
    propertyName: row.name,
    areaName: row.areaName,
    dateAvailable: row.availableDate,
    rent: fromCents(row.rentCents),
    description: row.description,
    image: row.thumbKey ? imageUrl(row.thumbKey) : null,
    location: { lat: row.lat, lon: row.lon },
    type: row.typeName,
  };
}
