import type { Caller } from '../../../test/helpers';

// Unique and increasing without a counter at module scope (one process runs many test files).
const unique = (prefix: string) => `${prefix} ${process.hrtime.bigint().toString(36)}`;

async function expectCreated(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 201) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/** A property built through the Property calls (this module's tests only). */
export async function buildProperty(admin: Caller, name = unique('Hangar')) {
  const area = await admin.request({ method: 'POST', url: '/api/Property/Areas', payload: { name: unique('Area'), description: '' } });
  await expectCreated(area, 'area');
  const type = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: unique('Type'), attributes: [] } });
  await expectCreated(type, 'type');
  const res = await admin.request({
    method: 'POST',
    url: '/api/Property/List',
    payload: { name, description: 'A hangar', address: '1 Airport Rd', rent: 450.5, area: area.json()._id, propertyType: type.json()._id },
  });
  await expectCreated(res, 'property');
  return res.json() as { _id: string; name: string };
}

export const DOOR_SCHEMA = {
  type: 'default',
  components: [
    { type: 'textfield', key: 'hangar', label: 'Hangar number', validate: { required: true } },
    { type: 'number', key: 'count', label: 'Doors', validate: { min: 0 } },
    { type: 'checkbox', key: 'ok', label: 'Door works', properties: { passFail: 'true' } },
  ],
};

export async function buildForm(admin: Caller, schema: object = DOOR_SCHEMA) {
  const res = await admin.request({ method: 'POST', url: '/api/Forms/createForm', payload: { name: unique('Form'), schema } });
  await expectCreated(res, 'form');
  return res.json() as { _id: string; version: number };
}

export async function buildMaster(admin: Caller, spec: Record<string, unknown> = {}) {
  const formId = (spec.formId as string | undefined) ?? (await buildForm(admin))._id;
  const res = await admin.request({
    method: 'POST',
    url: '/api/MasterInspection',
    payload: { name: unique('Master'), description: 'Checks', adhoc: false, module: 'Property', scheduled: false, formId, ...spec },
  });
  await expectCreated(res, 'master inspection');
  return res.json() as { _id: string; name: string; formId: string };
}
