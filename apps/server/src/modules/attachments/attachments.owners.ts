import { hasModule, isModuleAdmin, type TModule, type TSessionUser } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors/app-error';
import { manySlot } from '../../platform/plugins/registry';

/**
 * How a module lends its records' access to their documents and remarks. Reading a document is
 * reading its owner; a caller who cannot read the owner gets 404, as for the owner itself.
 */
export interface AttachmentOwner {
  /** Admins of this module may delete documents and remarks (spec doc 1 §6). */
  module: TModule;
  /** May the caller see this owner record? False for a missing or foreign record. */
  canRead(user: TSessionUser, ownerId: string, db: DbOrTx): Promise<boolean>;
  /** May the caller add documents and remarks to it? */
  canWrite(user: TSessionUser, ownerId: string, db: DbOrTx): Promise<boolean>;
}

/**
 * The owner module of each owner type: `ctx.plugins.provide(attachmentOwners, 'property', {...})`
 * when it registers, keyed by the owner type (a second module claiming a type fails at start).
 */
export const attachmentOwners = manySlot<AttachmentOwner>('attachments.owners');

/**
 * The common case: internal users of `module` read and write any existing record; `exists`
 * answers whether the record is there. Modules with tenant access write their own rules.
 */
export function moduleOwner(module: TModule, exists: (ownerId: string, db: DbOrTx) => Promise<boolean>): AttachmentOwner {
  return {
    module,
    canRead: async (user, ownerId, db) => hasModule(user, module) && exists(ownerId, db),
    canWrite: async (user, ownerId, db) => hasModule(user, module) && exists(ownerId, db),
  };
}

export type OwnerNeed = 'read' | 'write' | 'admin';

/**
 * The owner's rule for this caller: 404 when they cannot read the owner (or the type has no
 * owner module yet), 403 when they can read but not do what they asked.
 */
export async function authorizeOwner(
  ctx: AppContext,
  user: TSessionUser,
  ref: { ownerType: string; ownerId: string },
  need: OwnerNeed,
  db: DbOrTx = ctx.db,
): Promise<AttachmentOwner> {
  const owner = ctx.plugins.byKey(attachmentOwners, ref.ownerType);
  if (!owner || !(await owner.canRead(user, ref.ownerId, db))) throw notFound('Record not found');
  if (need === 'write' && !(await owner.canWrite(user, ref.ownerId, db))) throw forbidden();
  if (need === 'admin' && !isModuleAdmin(user, owner.module)) throw forbidden('Only admins of this module may delete documents and remarks.');
  return owner;
}

export function canDelete(user: TSessionUser, owner: AttachmentOwner): boolean {
  return isModuleAdmin(user, owner.module);
}
