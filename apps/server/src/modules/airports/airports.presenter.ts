import type { TAirport, TMyAirport } from '@apron/core';
import { logoUrlOf, type AirportRow } from '../../platform/tenancy/index';

export function presentAirport(row: AirportRow): TAirport {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    timeZone: row.timeZone,
    address: row.address,
    mailFrom: row.mailFrom,
    publicHost: row.publicHost,
    pathPrefix: row.pathPrefix,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    logoUrl: logoUrlOf(row),
  };
}

/** The audit snapshot of an airport's record (without its id and creation time). */
export function auditAirport(row: AirportRow): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...presentAirport(row) };
  delete fields.id;
  delete fields.createdAt;
  return fields;
}

/** An airport in the switcher; `current` = the one the caller works at now. */
export function presentMyAirport(row: AirportRow, currentAirportId: string | null): TMyAirport {
  return { id: row.id, code: row.code, name: row.name, timeZone: row.timeZone, current: row.id === currentAirportId };
}
