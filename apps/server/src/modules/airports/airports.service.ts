import { randomUUID } from 'node:crypto';
import { MODULES, type TAirportInput } from '@apron/core';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, notFound } from '../../platform/errors/app-error';
import type { PluginScope } from '../../platform/plugins/registry';
import {
  AIRPORT_PROVISIONERS,
  findAirport,
  insertAirport,
  recordWorkAtCurrentAirport,
  updateAirport,
  withAirport,
  type AirportRow,
} from '../../platform/tenancy/index';
import { auditAirport } from './airports.presenter';

/** The unique indexes of `airports` and the field each one is about (409 naming the field). */
const UNIQUE_FIELDS: Record<string, { field: string; message: string }> = {
  airports_code_unique: { field: 'code', message: 'Another airport has this code' },
  airports_public_host_unique: { field: 'publicHost', message: 'Another airport has this public host' },
  airports_path_prefix_unique: { field: 'pathPrefix', message: 'Another airport has this path prefix' },
};

/** A duplicate code, host or prefix: 409 with the field, instead of the database's 500. */
function refuseDuplicate(error: unknown): never {
  const pg = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? (error as { code?: string; constraint?: string });
  const known = pg?.code === '23505' && pg.constraint ? UNIQUE_FIELDS[pg.constraint] : undefined;
  if (!known) throw error;
  throw new AppError('CONFLICT', known.message, { [known.field]: known.message });
}

/**
 * Adds an airport and makes it ready to work (docs/airports.md, "Adding an airport"): in one
 * transaction whose connection already works for the new airport (so every row the provisioners
 * write is that airport's), the record, the creator's admin membership with every module, each
 * module's defaults (AIRPORT_PROVISIONERS) and the audit entry.
 */
export async function createAirport(db: Db, plugins: PluginScope['plugins'], actor: AuditActor & { user: { id: string } }, input: TAirportInput): Promise<AirportRow> {
  const id = randomUUID();
  try {
    return await withAirport(id, () =>
      db.transaction(async (tx) => {
        const airport = await insertAirport(tx, { id, ...input });
        await recordWorkAtCurrentAirport(tx, actor.user.id, { isAdmin: true, modules: [...MODULES] });
        for (const provision of plugins.all(AIRPORT_PROVISIONERS)) await provision(tx, airport);
        await recordAudit(tx, actor, { action: 'create', entity: 'airport', entityId: id, after: auditAirport(airport) });
        return airport;
      }),
    );
  } catch (error) {
    return refuseDuplicate(error);
  }
}

/** Edits an airport's record; the audit entry is the edited airport's. */
export async function editAirport(db: Db, actor: AuditActor, id: string, input: TAirportInput): Promise<AirportRow> {
  const before = await findAirport(db, id);
  if (!before) throw notFound('No airport found.');
  try {
    return await withAirport(id, () =>
      db.transaction(async (tx) => {
        const after = await updateAirport(tx, id, input);
        if (!after) throw notFound('No airport found.');
        await recordAudit(tx, actor, { action: 'update', entity: 'airport', entityId: id, before: auditAirport(before), after: auditAirport(after) });
        return after;
      }),
    );
  } catch (error) {
    return refuseDuplicate(error);
  }
}
