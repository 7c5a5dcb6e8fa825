import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { airportLogoUrl } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { FileStorage } from '../files/storage';
import { airports, type AirportRow } from './airports.table';

/**
 * An airport's logo (docs/airports.md, "Logo"): a PNG in file storage under
 * `airport-logos/<airport id>/<uuid>.png`, named by `airports.logo_key`. A new upload gets a new
 * key, so the uuid is the logo's version (its ETag, and the `v` of its public address).
 */
export function airportLogoKey(airportId: string, version: string): string {
  return `airport-logos/${airportId}/${version}.png`;
}

export function logoVersionOf(logoKey: string): string {
  return logoKey.slice(logoKey.lastIndexOf('/') + 1).replace(/\.png$/, '');
}

/** The public address of the airport's logo, null when it has none. */
export function logoUrlOf(airport: Pick<AirportRow, 'id' | 'logoKey'>): string | null {
  return airport.logoKey ? airportLogoUrl(airport.id, logoVersionOf(airport.logoKey)) : null;
}

/** The stored logo's bytes; null when storage no longer has them (the product's look, never an error). */
export async function readLogo(files: FileStorage, logoKey: string | null): Promise<Buffer | null> {
  if (!logoKey) return null;
  try {
    return await buffer(await files.get(logoKey));
  } catch {
    return null;
  }
}

/** What heads a document or an e-mail of an airport: its name, and its logo when it has one. */
export interface Letterhead {
  name: string;
  logo: Buffer | null;
}

/** The letterhead of the airport the work runs for (`apron_airport()`: a request's, a job's). */
export async function currentAirportLetterhead(db: DbOrTx, files: FileStorage): Promise<Letterhead> {
  const [row] = await db.select({ name: airports.name, logoKey: airports.logoKey }).from(airports).where(sql`${airports.id} = apron_airport()`).limit(1);
  return { name: row?.name ?? '', logo: await readLogo(files, row?.logoKey ?? null) };
}

/** The logo address of the airport the work runs for (null: none), for the app configuration. */
export async function currentAirportLogoUrl(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ id: airports.id, logoKey: airports.logoKey }).from(airports).where(sql`${airports.id} = apron_airport()`).limit(1);
  return row ? logoUrlOf(row) : null;
}
