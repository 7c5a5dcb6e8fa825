import type { FastifyRequest } from 'fastify';
import { hasModule, isMasterTypeName, type TMasterTypeName, type TSessionUser } from '@apron/core';

/**
 * Who may read master data. Settings users read everything; the types other modules' forms pick
 * from (document and insurance types, invoice cycles, payment types) are readable by any internal
 * user holding at least one module. Writes are `admin:Settings` (declared on the routes).
 */
export const SHARED_MASTER_TYPES: ReadonlySet<TMasterTypeName> = new Set(['documentTypes', 'insuranceTypes', 'invoiceCycles', 'paymentTypes']);

export function canReadSharedMasterData(user: TSessionUser | null): boolean {
  return !!user && user.isInternal && user.modules.length > 0;
}

export function canReadMasterType(user: TSessionUser | null, type: string): boolean {
  if (hasModule(user, 'Settings')) return true;
  return isMasterTypeName(type) && SHARED_MASTER_TYPES.has(type) && canReadSharedMasterData(user);
}

/** Route policy for `GET Crud/:type[/:id]`: the rule depends on the type in the path. */
export function canReadMasterRoute(user: TSessionUser | null, request: FastifyRequest): boolean {
  const { type } = request.params as { type?: string };
  return canReadMasterType(user, type ?? '');
}
