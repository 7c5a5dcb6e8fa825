import type { FastifyRequest } from 'fastify';
import { hasModule, isModuleAdmin, type TSessionUser } from '@apron/core';
import { AppError } from '../../platform/errors/app-error';

/**
 * Property master data (types, attributes, areas) is edited from Settings and from
 * `/properties`, so either a Settings admin or a Property admin may write it. It is read by the
 * modules whose forms pick from it: Property, Settings and Waitlist (join by property type).
 */
export function canReadPropertyMasterData(user: TSessionUser | null): boolean {
  return hasModule(user, 'Property') || hasModule(user, 'Settings') || hasModule(user, 'Waitlist');
}

export function canWritePropertyMasterData(user: TSessionUser | null): boolean {
  return isModuleAdmin(user, 'Settings') || isModuleAdmin(user, 'Property');
}

/**
 * Routes whose rule is a policy over the caller declare `access: 'internal'` (so an anonymous call
 * is a 401 before anything else, as with string rules) and check the policy in a route
 * preHandler, which runs after validation: the ladder stays 401 -> 400 -> 403.
 */
export function requirePolicy(policy: (user: TSessionUser | null) => boolean) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!policy(request.user)) throw new AppError('FORBIDDEN', 'You do not have access to this.');
  };
}

