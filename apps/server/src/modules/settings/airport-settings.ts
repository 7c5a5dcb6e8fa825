import { sql, type SQL } from 'drizzle-orm';
import type { TSystemSettingName } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { currentAirportValueSql, updateCurrentAirport } from '../../platform/tenancy/index';
import { systemSettings } from './settings.table';

/**
 * System settings whose value is the current airport's own record (docs/airports.md, "Numbering,
 * settings and mail"): the airports row is their one source. Reading AIRPORT_NAME or TIME_ZONE
 * answers the row of `apron_airport()`; editing them in System Settings updates that row. Their
 * system_settings rows stay only as the grid's handles (id, stamps); the value stored there is
 * never read and is kept empty.
 */
/** Setting name -> the airports column holding it. */
export const AIRPORT_HELD_SETTINGS = {
  AIRPORT_NAME: 'name',
  TIME_ZONE: 'time_zone',
} as const;

export type TAirportHeldSetting = keyof typeof AIRPORT_HELD_SETTINGS;

export function isAirportHeldSetting(name: unknown): name is TAirportHeldSetting {
  return typeof name === 'string' && Object.hasOwn(AIRPORT_HELD_SETTINGS, name);
}

/** The current airport's value of an airport-held setting (a scalar subquery). */
const airportValueSql = (name: TAirportHeldSetting): SQL<string> => currentAirportValueSql(AIRPORT_HELD_SETTINGS[name]);

/** A system_settings row's value as readers see it: the airport's own value for the airport-held names. */
export const settingValueSql: SQL<string> = sql<string>`case ${systemSettings.name}
  when 'AIRPORT_NAME' then ${airportValueSql('AIRPORT_NAME')}
  when 'TIME_ZONE' then ${airportValueSql('TIME_ZONE')}
  else ${systemSettings.value} end`;

/**
 * Name/value pairs: the stored settings (the airport-held names excepted) and the airport's own
 * values, in one statement, by name. `names` limits the answer; `undefined` = every setting.
 */
export async function readSettingPairs(db: DbOrTx, names?: readonly string[]): Promise<{ name: TSystemSettingName; value: string }[]> {
  const wanted = (name: string) => !names || names.includes(name);
  const parts: SQL[] = [];
  const stored = names?.filter((n) => !isAirportHeldSetting(n));
  if (!names || stored!.length > 0) {
    const only = stored ? sql` and ${systemSettings.name} in (${sql.join(stored.map((n) => sql`${n}`), sql`, `)})` : sql``;
    parts.push(sql`select ${systemSettings.name} as name, ${systemSettings.value} as value from ${systemSettings}
      where ${systemSettings.name} not in ('AIRPORT_NAME', 'TIME_ZONE')${only}`);
  }
  for (const held of Object.keys(AIRPORT_HELD_SETTINGS) as TAirportHeldSetting[]) {
    if (!wanted(held)) continue;
    parts.push(sql`select ${held}::text as name, ${airportValueSql(held)} as value`);
  }
  if (parts.length === 0) return [];
  return rowsOf<{ name: TSystemSettingName; value: string }>(await db.execute(sql`select * from (${sql.join(parts, sql` union all `)}) as s order by name`));
}

/** Editing an airport-held setting: the current airport's row takes the value (only that row). */
export async function writeAirportHeldSetting(tx: DbOrTx, name: TAirportHeldSetting, value: string): Promise<void> {
  await updateCurrentAirport(tx, name === 'AIRPORT_NAME' ? { name: value } : { timeZone: value });
}
