import { randomUUID } from 'node:crypto';
import type { Caller } from '../../../test/helpers';

/** A form for a master work order (the forms module's id; a new one per call). */
export async function buildFormId(_admin: Caller): Promise<string> {
  return randomUUID();
}

export async function buildMaster(admin: Caller, spec: { name?: string; adhoc?: boolean; masterInspectionIds?: string[] } = {}) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/MasterWorkorder',
    payload: { name: spec.name ?? `Runway repair ${randomUUID().slice(0, 6)}`, description: 'Repairs found on the airfield', adhoc: spec.adhoc ?? true, formId: await buildFormId(admin), masterInspectionIds: spec.masterInspectionIds ?? [] },
  });
  if (res.statusCode !== 201) throw new Error(`buildMaster: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; name: string; formId: string };
}

let refCounter = 0;

export async function buildWorkorder(staff: Caller, masterId: string, spec: { email?: string; name?: string; refnumber?: string } = {}) {
  refCounter += 1;
  const res = await staff.request({
    method: 'POST',
    url: '/api/Workorder/CreateWorkorders',
    payload: { refnumber: spec.refnumber ?? `WO-${Date.now()}-${refCounter}`, name: spec.name ?? 'Reno Paving Co', email: spec.email ?? 'crew@paving.example', workorderId: masterId },
  });
  if (res.statusCode !== 201) throw new Error(`buildWorkorder: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; refnumber: string; status: string };
}
