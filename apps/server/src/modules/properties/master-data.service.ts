import { eq } from 'drizzle-orm';
import type { ZPropertyAreaInput, ZPropertyAttributeInput, ZPropertyTypeInput } from '@apron/core';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors/app-error';
import type { PluginScope } from '../../platform/plugins/registry';
import { propertyTypeUsages } from './lease-source';
import * as repo from './master-data.repo';
import { propertyAreas, propertyAttributes, propertyTypes } from './properties.table';

type TypeValues = z.output<typeof ZPropertyTypeInput>;
type AttributeValues = z.output<typeof ZPropertyAttributeInput>;
type AreaValues = z.output<typeof ZPropertyAreaInput>;

async function assertUniqueName(tx: Tx, table: typeof propertyTypes | typeof propertyAreas | typeof propertyAttributes, name: string, label: string, exceptId?: string) {
  const found = await repo.findNamed(tx, table, name);
  if (found && found.id !== exceptId) throw fieldError('name', `A ${label} with this name already exists`);
}

async function assertAttributesExist(tx: Tx, ids: readonly string[]) {
  const existing = await repo.existingAttributeIds(tx, ids);
  const missing = ids.findIndex((id) => !existing.has(id));
  if (missing >= 0) throw fieldError(`attributes.${missing}`, 'Unknown attribute');
}

// ---- Property types ---------------------------------------------------------------------------

export async function createType(tx: Tx, actor: AuditActor, values: TypeValues) {
  await assertUniqueName(tx, propertyTypes, values.name, 'property type');
  await assertAttributesExist(tx, values.attributes);
  const [row] = await tx.insert(propertyTypes).values({ name: values.name }).returning();
  await repo.replaceTypeAttributes(tx, row!.id, values.attributes);
  await recordAudit(tx, actor, { action: 'create', entity: 'propertyType', entityId: row!.id, after: { ...values } });
  return { row: row!, attributeIds: values.attributes };
}

export async function updateType(tx: Tx, actor: AuditActor, id: string, values: TypeValues) {
  const before = await repo.findType(tx, id);
  if (!before) throw notFound('Property type not found');
  await assertUniqueName(tx, propertyTypes, values.name, 'property type', id);
  await assertAttributesExist(tx, values.attributes);
  const [row] = await tx.update(propertyTypes).set({ name: values.name, updatedAt: new Date() }).where(eq(propertyTypes.id, id)).returning();
  // Values stay keyed by attribute id, so dropping or reordering attributes here loses no data.
  await repo.replaceTypeAttributes(tx, id, values.attributes);
  await recordAudit(tx, actor, {
    action: 'update', entity: 'propertyType', entityId: id,
    before: { name: before.row.name, attributes: before.attributeIds }, after: { ...values },
  });
  return { row: row!, attributeIds: values.attributes };
}

export async function deleteType(scope: PluginScope, tx: Tx, actor: AuditActor, id: string) {
  const before = await repo.findType(tx, id);
  if (!before) throw notFound('Property type not found');
  const uses: string[] = [];
  const inProperties = await repo.countPropertiesOfType(tx, id);
  if (inProperties > 0) uses.push(`${inProperties} propert${inProperties === 1 ? 'y' : 'ies'}`);
  for (const usage of scope.plugins.all(propertyTypeUsages)) {
    const n = await usage.count(tx, id);
    if (n > 0) uses.push(`${n} ${usage.label}`);
  }
  if (uses.length > 0) {
    throw conflict(`The property type '${before.row.name}' is used by ${uses.join(' and ')} and cannot be deleted.`);
  }
  await tx.delete(propertyTypes).where(eq(propertyTypes.id, id));
  await recordAudit(tx, actor, { action: 'delete', entity: 'propertyType', entityId: id, before: { name: before.row.name, attributes: before.attributeIds } });
}

// ---- Attributes ------------------------------------------------------------------------------

export async function createAttribute(tx: Tx, actor: AuditActor, values: AttributeValues) {
  await assertUniqueName(tx, propertyAttributes, values.name, 'property attribute');
  const [row] = await tx.insert(propertyAttributes).values(values).returning();
  await recordAudit(tx, actor, { action: 'create', entity: 'propertyAttribute', entityId: row!.id, after: { ...values } });
  return row!;
}

export async function updateAttribute(tx: Tx, actor: AuditActor, id: string, values: AttributeValues) {
  const before = await repo.findAttribute(tx, id);
  if (!before) throw notFound('Property attribute not found');
  await assertUniqueName(tx, propertyAttributes, values.name, 'property attribute', id);
  // Stored values were checked against the old type; a Text value would break Numeric sorting.
  if (values.attributeType !== before.attributeType && (await repo.countValuesOfAttribute(tx, id)) > 0) {
    throw fieldError('attributeType', 'The type cannot change while properties hold values for this attribute');
  }
  const [row] = await tx.update(propertyAttributes).set({ ...values, updatedAt: new Date() }).where(eq(propertyAttributes.id, id)).returning();
  await recordAudit(tx, actor, { action: 'update', entity: 'propertyAttribute', entityId: id, before: { ...before }, after: { ...row! } });
  return row!;
}

export async function deleteAttribute(tx: Tx, actor: AuditActor, id: string) {
  const before = await repo.findAttribute(tx, id);
  if (!before) throw notFound('Property attribute not found');
  const types = await repo.countTypesUsingAttribute(tx, id);
  if (types > 0) {
    throw conflict(`The attribute '${before.name}' is used by ${types} property type${types === 1 ? '' : 's'} and cannot be deleted.`);
  }
  await tx.delete(propertyAttributes).where(eq(propertyAttributes.id, id));
  await recordAudit(tx, actor, { action: 'delete', entity: 'propertyAttribute', entityId: id, before: { ...before } });
}

// ---- Areas -----------------------------------------------------------------------------------

export async function createArea(tx: Tx, actor: AuditActor, values: AreaValues) {
  await assertUniqueName(tx, propertyAreas, values.name, 'property area');
  const [row] = await tx.insert(propertyAreas).values(values).returning();
  await recordAudit(tx, actor, { action: 'create', entity: 'propertyArea', entityId: row!.id, after: { ...values } });
  return row!;
}

export async function updateArea(tx: Tx, actor: AuditActor, id: string, values: AreaValues) {
  const before = await repo.findArea(tx, id);
  if (!before) throw notFound('Property area not found');
  await assertUniqueName(tx, propertyAreas, values.name, 'property area', id);
  const [row] = await tx.update(propertyAreas).set({ ...values, updatedAt: new Date() }).where(eq(propertyAreas.id, id)).returning();
  await recordAudit(tx, actor, { action: 'update', entity: 'propertyArea', entityId: id, before: { ...before }, after: { ...row! } });
  return row!;
}

export async function deleteArea(tx: Tx, actor: AuditActor, id: string) {
  const before = await repo.findArea(tx, id);
  if (!before) throw notFound('Property area not found');
  const n = await repo.countPropertiesInArea(tx, id);
  if (n > 0) throw new AppError('CONFLICT', `The area '${before.name}' has ${n} propert${n === 1 ? 'y' : 'ies'} and cannot be deleted.`);
  await tx.delete(propertyAreas).where(eq(propertyAreas.id, id));
  await recordAudit(tx, actor, { action: 'delete', entity: 'propertyArea', entityId: id, before: { ...before } });
}
