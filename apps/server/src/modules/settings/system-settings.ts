import { PUBLIC_SETTING_NAMES, SYSTEM_SETTINGS, SYSTEM_SETTING_NAMES, type TSettingPair, type TSystemSettingName } from '@apron/core';
import type { Db, DbOrTx } from '../../db/client';
import { oneSlot, type PluginScope } from '../../platform/plugins/registry';
import { currentAirportScope } from '../../platform/tenancy/index';
import { isAirportHeldSetting, readSettingPairs } from './airport-settings';
import { systemSettings } from './settings.table';

/**
 * Every known system setting exists with its default (start-up, idempotent): the Settings grid
 * edits values, it never needs to create them, and readers never meet a missing name.
 */
export async function ensureSystemSettings(db: DbOrTx): Promise<void> {
  await db
    .insert(systemSettings)
    // The airport-held names' rows are only the grid's handles: their value is the airports row's.
    .values(SYSTEM_SETTING_NAMES.map((name) => ({ name, value: isAirportHeldSetting(name) ? '' : SYSTEM_SETTINGS[name].defaultValue })))
    .onConflictDoNothing({ target: [systemSettings.airportId, systemSettings.name] });
}

/**
 * Values by name, for `readSetting(values, 'WAITLIST_CHARGE')` from core: the stored settings of
 * the current airport, and its airports row for AIRPORT_NAME and TIME_ZONE (airport-settings.ts).
 */
export async function loadSystemSettings(db: DbOrTx, names?: readonly TSystemSettingName[]): Promise<Partial<Record<string, string>>> {
  const rows = await readSettingPairs(db, names);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** How long a hot path may reuse the settings it read (another instance's edit shows within this). */
export const SETTINGS_CACHE_MS = 5_000;

/** One app's cached read of the system settings (made by the settings module when it registers). */
export interface SystemSettingsCache {
  read(): Promise<Partial<Record<string, string>>>;
  /** A setting was written through this app: the next read goes to the database. */
  changed(): void;
}

/**
 * The app's cache, which the settings module provides for itself and offers to others through
 * `loadSystemSettingsCached` (a per-app service on the registry, not a plug-in point).
 */
export const systemSettingsCache = oneSlot<SystemSettingsCache>('settings.system-settings-cache');

export function createSystemSettingsCache(db: Db): SystemSettingsCache {
  // Settings are each airport's own: one cached read per airport (the scope of the code reading).
  const cached = new Map<string, { at: number; generation: number; values: Partial<Record<string, string>> }>();
  // Bumped by every settings write through this app, so its own edits show at once.
  let generation = 0;
  return {
    async read() {
      const airport = currentAirportScope()?.airportId ?? '';
      const hit = cached.get(airport);
      if (hit && hit.generation === generation && Date.now() - hit.at < SETTINGS_CACHE_MS) return hit.values;
      const startedAt = generation;
      const values = await loadSystemSettings(db);
      cached.set(airport, { at: Date.now(), generation: startedAt, values });
      return values;
    },
    changed() {
      generation++;
    },
  };
}

/**
 * Every system setting, read at most once per few seconds per app: for request paths that run
 * hundreds of times a second (pay from balance needs the airport's time zone and name on every
 * call). Edits made through this app show at once; another instance's within
 * `SETTINGS_CACHE_MS`. Never for a transaction's own reads (it reads the app's root database).
 */
export function loadSystemSettingsCached(scope: PluginScope): Promise<Partial<Record<string, string>>> {
  return scope.plugins.one(systemSettingsCache).read();
}

/** `Getsettings`: the public settings only, or every setting for Settings users (by name). */
export async function listSettingPairs(db: DbOrTx, includePrivate: boolean): Promise<TSettingPair[]> {
  const rows = await readSettingPairs(db, includePrivate ? undefined : PUBLIC_SETTING_NAMES);
  return rows.map((r) => ({ name: r.name, value: r.value }));
}
