import { hasModule, isModuleAdmin, type TAttachmentOwner, type TModule, type TSessionUser } from '@apron/core';
import type { Database, DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors/app-error';

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
 * One registry per app, keyed by the app's database (the object every module's context shares),
 * so several apps in one process (tests) stay apart.
 */
const registries = new WeakMap<Database, Map<TAttachmentOwner, AttachmentOwner>>();
type Scope = Pick<AppContext, 'database'>;

function registryOf(scope: Scope): Map<TAttachmentOwner, AttachmentOwner> {
  let registry = registries.get(scope.database);
  if (!registry) {
    registry = new Map();
    registries.set(scope.database, registry);
  }
  return registry;
}

/** Called by the owning module when it registers: `registerAttachmentOwner(ctx, 'property', {...})`. */
export function registerAttachmentOwner(scope: Scope, ownerType: TAttachmentOwner, owner: AttachmentOwner): void {
  const registry = registryOf(scope);
  // Two modules claiming one owner type is a bug; the same module registering again is a second
  // app on the same database (several instances in one test process) and simply takes over.
  const existing = registry.get(ownerType);
  if (existing && existing.module !== owner.module) throw new Error(`Attachment owner ${ownerType} is registered twice`);
  registry.set(ownerType, owner);
}

/** Tests: free an owner type for a stand-in owner (every type of the core list is some module's). */
export function forgetAttachmentOwner(scope: Scope, ownerType: TAttachmentOwner): void {
  registryOf(scope).delete(ownerType);
}

export function isAttachmentOwnerRegistered(scope: Scope, ownerType: TAttachmentOwner): boolean {
  return registryOf(scope).has(ownerType);
}

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
  const owner = registryOf(ctx).get(ref.ownerType as TAttachmentOwner);
  if (!owner || !(await owner.canRead(user, ref.ownerId, db))) throw notFound('Record not found');
  if (need === 'write' && !(await owner.canWrite(user, ref.ownerId, db))) throw forbidden();
  if (need === 'admin' && !isModuleAdmin(user, owner.module)) throw forbidden('Only admins of this module may delete documents and remarks.');
  return owner;
}

export function canDelete(user: TSessionUser, owner: AttachmentOwner): boolean {
  return isModuleAdmin(user, owner.module);
}
