import { calendarDate, readSetting } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { loadSystemSettings } from '../settings/index';

/** Today in the airport time zone and the Expiring Soon window, both from System Settings. */
export async function leaseCalendar(db: DbOrTx, now = new Date()): Promise<{ today: string; windowDays: number }> {
  const values = await loadSystemSettings(db, ['TIME_ZONE', 'EXPIRY_WINDOW_DAYS']);
  return { today: calendarDate(now, readSetting(values, 'TIME_ZONE')), windowDays: readSetting(values, 'EXPIRY_WINDOW_DAYS') };
}

interface PgErrorLike {
  code?: string;
  constraint?: string;
}

/** The Postgres error behind a driver or Drizzle error (Drizzle wraps it as `cause`). */
export function pgErrorOf(error: unknown): PgErrorLike | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as PgErrorLike).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgErrorLike;
  }
  return null;
}
