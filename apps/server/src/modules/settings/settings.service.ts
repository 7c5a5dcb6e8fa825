import { eq } from 'drizzle-orm';
import type { TMasterRow, TSystemSettingName } from '@apron/core';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { MASTER_DEFINITIONS, type MasterDefinition } from './master-data.registry';
import { isAirportHeldSetting, writeAirportHeldSetting } from './airport-settings';
import { systemSettings } from './settings.table';
import { deleteMasterRow, findMasterRow, insertMasterRow, isUniqueValueTaken, updateMasterRow } from './settings.repo';

/**
 * Writes of master data. Each runs in the caller's transaction and records its audit row there.
 * Input is validated with the type's core schema here (the body's shape depends on the type), so
 * a ZodError becomes the usual 400 with field errors.
 */
const auditEntity = (def: MasterDefinition) => `settings.${def.type}`;

/** The audit snapshot: the presented row without the bookkeeping stamps. */
function auditValues(row: TMasterRow): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...row };
  for (const stamp of ['_id', 'createdAt', 'updatedAt']) delete fields[stamp];
  return fields;
}

function uniqueValue(def: MasterDefinition, values: Record<string, unknown>): string {
  return String(values[def.unique.field] ?? '');
}

/**
 * AIRPORT_NAME and TIME_ZONE are the airport's own record: their value goes to its airports row,
 * and their system_settings row keeps an empty value (airport-settings.ts).
 */
async function storeAirportHeld(tx: Tx, def: MasterDefinition, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (def.type !== 'systemSettings' || !isAirportHeldSetting(values.name)) return values;
  await writeAirportHeldSetting(tx, values.name, String(values.value));
  return { ...values, value: '' };
}

/** The row as readers see it after a write (computed columns included). */
async function presentWritten(tx: Tx, def: MasterDefinition, id: string): Promise<TMasterRow> {
  return def.present((await findMasterRow(tx, def, id))!);
}

async function refuseDuplicate(tx: Tx, def: MasterDefinition, values: Record<string, unknown>, exceptId?: string): Promise<void> {
  const value = uniqueValue(def, values);
  if (await isUniqueValueTaken(tx, def, value, exceptId)) throw fieldError(def.unique.field, def.unique.message(value));
}

export async function createMasterRow(tx: Tx, actor: AuditActor, def: MasterDefinition, body: unknown): Promise<TMasterRow> {
  const values = def.toValues(def.schema.parse(body));
  await refuseDuplicate(tx, def, values);
  const inserted = await insertMasterRow(tx, def, await storeAirportHeld(tx, def, values));
  const row = await presentWritten(tx, def, String(inserted.id));
  await recordAudit(tx, actor, { action: 'create', entity: auditEntity(def), entityId: row._id, after: auditValues(row) });
  return row;
}

export async function updateMasterRowById(tx: Tx, actor: AuditActor, def: MasterDefinition, id: string, body: unknown): Promise<TMasterRow> {
  const values = def.toValues(def.schema.parse(body));
  const current = await findMasterRow(tx, def, id, true);
  if (!current) throw notFound(`No ${def.noun} found.`);
  if (def.type === 'systemSettings' && values.name !== current.name) {
    throw fieldError('name', 'The name of a system setting cannot be changed.');
  }
  await refuseDuplicate(tx, def, values, id);
  const before = def.present(current);
  await updateMasterRow(tx, def, id, await storeAirportHeld(tx, def, values));
  const after = await presentWritten(tx, def, id);
  await recordAudit(tx, actor, { action: 'update', entity: auditEntity(def), entityId: id, before: auditValues(before), after: auditValues(after) });
  return after;
}

export async function deleteMasterRowById(tx: Tx, actor: AuditActor, def: MasterDefinition, id: string): Promise<void> {
  if (def.type === 'systemSettings') {
    // Settings are read by name everywhere; a missing one would silently fall back to defaults.
    throw new AppError('CONFLICT', 'System settings cannot be deleted; edit the value instead.');
  }
  const removed = await deleteMasterRow(tx, def, id);
  if (!removed) throw notFound(`No ${def.noun} found.`);
  await recordAudit(tx, actor, { action: 'delete', entity: auditEntity(def), entityId: id, before: auditValues(def.present(removed)) });
}

/** Set one system setting by name (validated like the grid's edit, audited). */
export async function setSystemSetting(tx: Tx, actor: AuditActor, name: TSystemSettingName, value: string): Promise<TMasterRow> {
  const def = MASTER_DEFINITIONS.systemSettings;
  const [row] = await tx.select({ id: systemSettings.id }).from(systemSettings).where(eq(systemSettings.name, name)).limit(1);
  if (!row) return createMasterRow(tx, actor, def, { name, value });
  return updateMasterRowById(tx, actor, def, row.id, { name, value });
}
