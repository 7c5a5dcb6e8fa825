import { asc, inArray } from 'drizzle-orm';
import { PUBLIC_SETTING_NAMES, SYSTEM_SETTINGS, SYSTEM_SETTING_NAMES, type TSettingPair, type TSystemSettingName } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { systemSettings } from './settings.table';

/**
 * Every known system setting exists with its default (start-up, idempotent): the Settings grid
 * edits values, it never needs to create them, and readers never meet a missing name.
 */
export async function ensureSystemSettings(db: DbOrTx): Promise<void> {
  await db
    .insert(systemSettings)
    .values(SYSTEM_SETTING_NAMES.map((name) => ({ name, value: SYSTEM_SETTINGS[name].defaultValue })))
    .onConflictDoNothing({ target: systemSettings.name });
}

/** Stored values by name, for `readSetting(values, 'WAITLIST_CHARGE')` from core. */
export async function loadSystemSettings(db: DbOrTx, names?: readonly TSystemSettingName[]): Promise<Partial<Record<string, string>>> {
  const rows = await db
    .select({ name: systemSettings.name, value: systemSettings.value })
    .from(systemSettings)
    .where(names ? inArray(systemSettings.name, [...names]) : undefined);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** `Getsettings`: the public settings only, or every setting for Settings users. */
export async function listSettingPairs(db: DbOrTx, includePrivate: boolean): Promise<TSettingPair[]> {
  return db
    .select({ name: systemSettings.name, value: systemSettings.value })
    .from(systemSettings)
    .where(includePrivate ? undefined : inArray(systemSettings.name, PUBLIC_SETTING_NAMES))
    .orderBy(asc(systemSettings.name));
}
