import { and, count, eq, max } from 'drizzle-orm';
import {
  PROPERTY_IMAGE_LIMITS, propertyAttributeErrors, type TLeaseInfo, type TPropertyStatus, type TPropertyValues, type TSessionUser,
} from '@apron/core';
import type { DbOrTx, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import type { PluginScope } from '../../platform/plugins/registry';
import { leaseSourceOf, propertyRentChanges } from './lease-source';
import { attributesOfType, findArea, findType } from './master-data.repo';
import { presentProperty } from './properties.presenter';
import * as repo from './properties.repo';
import { properties, propertyImages, type PropertyRow } from './properties.table';
import { storeImage, type ImageStorage, type StoredImage } from './property-images';
import { publishPropertyEvent } from './property-events';

/** The chosen area and type exist, and every attribute of the type has a value of its kind. */
async function checkReferences(tx: DbOrTx, values: TPropertyValues): Promise<string[]> {
  if (!(await findArea(tx, values.area))) throw fieldError('area', 'Area not found');
  const type = await findType(tx, values.propertyType);
  if (!type) throw fieldError('propertyType', 'Property type not found');
  const attributes = await attributesOfType(tx, values.propertyType);
  const errors = propertyAttributeErrors(
    values.attributes,
    attributes.map((a) => ({ _id: a.id, name: a.name, attributeType: a.attributeType as 'Text' | 'Numeric' | 'Date' })),
  );
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', Object.values(errors)[0]!, errors);
  return attributes.map((a) => a.id);
}

/** What the audit log keeps of a property: its columns and its attribute values. */
function auditValues(row: PropertyRow, attributes: Record<string, string>) {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return { ...rest, attributes };
}

export async function createProperty(tx: Tx, actor: AuditActor, values: TPropertyValues): Promise<PropertyRow> {
  const attributeIds = await checkReferences(tx, values);
  const [row] = await tx.insert(properties).values({ ...repo.toPropertyColumns(values), status: 'Active' }).returning();
  await repo.upsertAttributeValues(tx, row!.id, values.attributes, attributeIds);
  await recordAudit(tx, actor, { action: 'create', entity: 'property', entityId: row!.id, after: auditValues(row!, await repo.attributeValuesOf(tx, row!.id)) });
  await publishPropertyEvent(tx, row!, 'Created');
  return row!;
}

export async function updateProperty(scope: PluginScope, tx: Tx, actor: AuditActor, id: string, values: TPropertyValues): Promise<PropertyRow> {
  const rentListeners = scope.plugins.all(propertyRentChanges);
  const unlocked = await repo.findProperty(tx, id);
  const isNewRent = (row: PropertyRow | null) => !!row && row.rentCents !== repo.toPropertyColumns(values).rentCents;
  // A new rent changes what leases on the property are measured at: lock them before the property.
  if (isNewRent(unlocked)) for (const listener of rentListeners) await listener.lockLeases(tx, id);
  const before = await repo.findProperty(tx, id, true);
  if (!before) throw notFound('Property not found');
  const beforeAttributes = await repo.attributeValuesOf(tx, id);
  const attributeIds = await checkReferences(tx, values);
  const [row] = await tx.update(properties).set({ ...repo.toPropertyColumns(values), updatedAt: new Date() }).where(eq(properties.id, id)).returning();
  await repo.upsertAttributeValues(tx, id, values.attributes, attributeIds);
  await recordAudit(tx, actor, {
    action: 'update', entity: 'property', entityId: id,
    before: auditValues(before, beforeAttributes), after: auditValues(row!, await repo.attributeValuesOf(tx, id)),
  });
  await publishPropertyEvent(tx, row!, 'Updated');
  if (isNewRent(before)) for (const listener of rentListeners) await listener.rentChanged(tx, id);
  return row!;
}

/**
 * Make Active / Make Inactive. Leased is derived and cannot be set (the schema refuses it), a
 * property shown as Leased has no manual change at all (spec doc 1 §5), and one with a lease
 * beginning later cannot be made Inactive. The row lock orders this against adding a lease.
 */
export async function setPropertyStatus(scope: PluginScope, tx: Tx, actor: AuditActor, id: string, status: 'Active' | 'Inactive'): Promise<PropertyRow> {
  const before = await repo.findProperty(tx, id, true);
  if (!before) throw notFound('Property not found');
  const today = repo.today();
  if ((await leaseInfoOf(scope, tx, before, today)).status === 'Leased') throw new AppError('CONFLICT', LEASED_STATUS_MESSAGE);
  if (before.status === status) return before;
  // A lease that begins later would put an Inactive property under a current lease (PRODUCT-RULES 31).
  if (status === 'Inactive' && (await hasComingLease(scope, tx, id, today))) throw new AppError('CONFLICT', COMING_LEASE_STATUS_MESSAGE);
  const [row] = await tx.update(properties).set({ status, updatedAt: new Date() }).where(eq(properties.id, id)).returning();
  await recordAudit(tx, actor, { action: 'update', entity: 'property', entityId: id, before: { status: before.status }, after: { status } });
  await publishPropertyEvent(tx, row!, 'Updated');
  return row!;
}

export const LEASED_STATUS_MESSAGE = 'A leased property has no manual status change.';
export const COMING_LEASE_STATUS_MESSAGE = 'A property with a coming lease cannot be made Inactive.';

async function hasComingLease(scope: PluginScope, db: DbOrTx, propertyId: string, today: string): Promise<boolean> {
  const leases = await leaseSourceOf(scope).leaseHistory(db, propertyId);
  return leases.some((lease) => lease.status !== 'Archived' && lease.startDate > today);
}

export async function leaseInfoOf(scope: PluginScope, db: DbOrTx, row: PropertyRow, day: string): Promise<TLeaseInfo> {
  const agreement = await leaseSourceOf(scope).currentLease(db, row.id, day);
  const status: TPropertyStatus = row.status === 'Inactive' ? 'Inactive' : agreement ? 'Leased' : 'Active';
  return { status, agreement };
}

/** The detail as `GET Property/List/{id}` answers it. */
export async function loadPropertyDetail(scope: PluginScope, db: DbOrTx, user: TSessionUser | null, row: PropertyRow, day = repo.today()) {
  const [names, attributes, images, leaseInfo] = await Promise.all([
    repo.findPropertyNames(db, row),
    repo.attributeValuesOf(db, row.id),
    repo.imagesOf(db, row.id),
    leaseInfoOf(scope, db, row, day),
  ]);
  return presentProperty(user, { row, ...names, attributes, images, leaseInfo });
}

/**
 * Replace the header image. Files are written before the transaction; the previous header's
 * files are removed after it commits (a crash in between leaves an orphan file, never a row
 * pointing at nothing).
 */
export async function setHeaderImage(db: DbOrTx, storage: ImageStorage, actor: AuditActor, id: string, bytes: Buffer): Promise<PropertyRow> {
  if (!(await repo.findProperty(db, id))) throw notFound('Property not found');
  const stored = await storeImage(storage, bytes);
  const { before, row } = await db.transaction(async (tx) => {
    const found = await repo.findProperty(tx, id, true);
    if (!found) throw notFound('Property not found');
    const [updated] = await tx
      .update(properties)
      .set({ headerImageKey: stored.storageKey, headerThumbKey: stored.thumbKey, updatedAt: new Date() })
      .where(eq(properties.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'update', entity: 'property', entityId: id,
      before: { headerImageKey: found.headerImageKey }, after: { headerImageKey: stored.storageKey },
    });
    return { before: found, row: updated! };
  }).catch(async (error: unknown) => {
    await removeFiles(storage, stored);
    throw error;
  });
  if (before.headerImageKey && before.headerThumbKey) {
    await removeFiles(storage, { storageKey: before.headerImageKey, thumbKey: before.headerThumbKey });
  }
  return row;
}

export async function addGalleryImage(db: DbOrTx, storage: ImageStorage, actor: AuditActor, propertyId: string, bytes: Buffer): Promise<void> {
  if (!(await repo.findProperty(db, propertyId))) throw notFound('Property not found');
  const stored = await storeImage(storage, bytes);
  await db.transaction(async (tx) => {
    await repo.findProperty(tx, propertyId, true);
    const [stats] = await tx
      .select({ n: count(), last: max(propertyImages.position) })
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, propertyId));
    if ((stats?.n ?? 0) >= PROPERTY_IMAGE_LIMITS.maxImages) {
      throw new AppError('CONFLICT', `A property can hold at most ${PROPERTY_IMAGE_LIMITS.maxImages} images.`);
    }
    const [image] = await tx
      .insert(propertyImages)
      .values({ propertyId, ...stored, position: (stats?.last ?? -1) + 1 })
      .returning();
    await recordAudit(tx, actor, { action: 'create', entity: 'propertyImage', entityId: image!.id, after: { propertyId, storageKey: stored.storageKey } });
  }).catch(async (error: unknown) => {
    await removeFiles(storage, stored);
    throw error;
  });
}

export async function removeGalleryImage(db: DbOrTx, storage: ImageStorage, actor: AuditActor, propertyId: string, imageId: string): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const [image] = await tx
      .select()
      .from(propertyImages)
      .where(and(eq(propertyImages.id, imageId), eq(propertyImages.propertyId, propertyId)))
      .limit(1);
    if (!image) throw notFound('Image not found');
    await repo.deleteImagesByIds(tx, [image.id]);
    await recordAudit(tx, actor, { action: 'delete', entity: 'propertyImage', entityId: image.id, before: { propertyId, storageKey: image.storageKey } });
    return image;
  });
  await removeFiles(storage, removed);
}

async function removeFiles(storage: ImageStorage, files: Pick<StoredImage, 'storageKey' | 'thumbKey'>): Promise<void> {
  await Promise.all([storage.delete(files.storageKey), storage.delete(files.thumbKey)]).catch(() => {});
}
