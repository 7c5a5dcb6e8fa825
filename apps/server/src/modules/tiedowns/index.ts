import type { FastifyInstance } from 'fastify';
import { hasModule } from '@apron/core';
import type { Db } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { calendarDate, readSetting } from '@apron/core';
import { attachmentOwners } from '../attachments/index';
import { loadSystemSettings } from '../settings/index';
import { CARD_PAYABLES } from '../payments/index';
import { parkingPayable } from './tiedowns.pay';
import { countByAircraftType, findTiedown, provisionTiedownRates } from './tiedowns.repo';
import { AIRPORT_PROVISIONERS } from '../../platform/tenancy/index';
import { tiedownScopeOf, tiedownsRoutes } from './tiedowns.routes';

/** Transient parking (module Tiedown): the module's public door. */
export async function registerTiedowns(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await tiedownsRoutes(app, ctx);
  // A request's documents and remarks: Tiedown staff; the pilot who made it may read them.
  ctx.plugins.provide(attachmentOwners, 'tiedown', {
    module: 'Tiedown',
    canRead: async (user, id, db) => !!(await findTiedown(db, id, tiedownScopeOf(user))),
    canWrite: async (user, id, db) => hasModule(user, 'Tiedown') && !!(await findTiedown(db, id, null)),
  });
  // A paid parking request is paid through payments' card engine (its reconcile job included).
  ctx.plugins.provide(CARD_PAYABLES, 'tiedown', parkingPayable);
  // A new airport quotes parking at once: the six default rates (its payer company is made on the first paid request).
  ctx.plugins.provide(AIRPORT_PROVISIONERS, 'tiedown', provisionTiedownRates);
}

/**
 * Parking requests per aircraft type whose arrival date (airport time zone) falls in
 * [start, end] - the query `POST Ktrm` answers with; every type is named (0 when none).
 */
export async function parkingRequestsByAircraftType(db: Db, range: { start: Date; end: Date }): Promise<Record<string, number>> {
  const zone = readSetting(await loadSystemSettings(db, ['TIME_ZONE']), 'TIME_ZONE');
  return countByAircraftType(db, calendarDate(range.start, zone), calendarDate(range.end, zone));
}
