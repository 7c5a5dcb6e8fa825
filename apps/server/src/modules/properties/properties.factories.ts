import type { TPropertyInput } from '@apron/core';
import type { Caller } from '../../../test/helpers';

/**
 * Test factories over HTTP (used by this module's tests only): each builds what is missing
 * through the same calls a Property admin makes, so the rows are exactly what the API stores.
 */
// Unique and increasing without a counter at module scope (one process runs many test files).
const unique = (prefix: string) => `${prefix} ${process.hrtime.bigint().toString(36)}`;

export async function buildAttribute(admin: Caller, spec: { attributeType?: 'Text' | 'Numeric' | 'Date'; allowFiltering?: boolean; allowSorting?: boolean; name?: string } = {}) {
  const res = await admin.request({
    method: 'POST', url: '/api/PropertyAttributes/add',
    payload: { name: spec.name ?? unique('Attribute'), description: '', attributeType: spec.attributeType ?? 'Text', allowFiltering: spec.allowFiltering ?? false, allowSorting: spec.allowSorting ?? false },
  });
  if (res.statusCode !== 201) throw new Error(`buildAttribute: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; name: string };
}

export async function buildType(admin: Caller, spec: { attributes?: string[]; name?: string } = {}) {
  const res = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: spec.name ?? unique('Type'), attributes: spec.attributes ?? [] } });
  if (res.statusCode !== 201) throw new Error(`buildType: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; name: string };
}

export async function buildArea(admin: Caller, name = unique('Area')) {
  const res = await admin.request({ method: 'POST', url: '/api/Property/Areas', payload: { name, description: 'Test area' } });
  if (res.statusCode !== 201) throw new Error(`buildArea: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; name: string };
}

export async function buildProperty(admin: Caller, spec: Partial<TPropertyInput> = {}) {
  const area = spec.area ?? (await buildArea(admin))._id;
  const propertyType = spec.propertyType ?? (await buildType(admin))._id;
  const res = await admin.request({
    method: 'POST', url: '/api/Property/List',
    payload: {
      name: unique('Hangar'), description: 'A hangar', address: '1 Airport Rd', rent: 500, visibletoExternal: true,
      ...spec, area, propertyType,
    },
  });
  if (res.statusCode !== 201) throw new Error(`buildProperty: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; name: string; status: string };
}
