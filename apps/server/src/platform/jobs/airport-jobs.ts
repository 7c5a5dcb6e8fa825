import type { Database } from '../../db/client';
import { asSystem, currentAirportScope, withAirport } from '../tenancy/airport-context';
import type { JobHandler } from './jobs';

/**
 * Jobs run per airport (docs/airports.md, "Jobs"): the data is the only thing that crosses from
 * the sender to the worker, so a job sent while working for an airport carries its id, and the
 * handler runs for that airport. A job with no airport (a cron tick, a platform job) runs once for
 * each enabled airport, one after another, each in its own scope: one airport's failure does not
 * keep the others from running, and the job is retried after all have been tried.
 */
export const JOB_AIRPORT_KEY = 'airportId';

/** The job's data with the current airport, and a singleton key that holds per airport. */
export function stampAirport(data: object, singletonKey: string | undefined): { data: object; singletonKey?: string } {
  const airportId = currentAirportScope()?.airportId;
  if (!airportId || JOB_AIRPORT_KEY in data) return { data, ...(singletonKey ? { singletonKey } : {}) };
  return { data: { ...data, [JOB_AIRPORT_KEY]: airportId }, ...(singletonKey ? { singletonKey: `${airportId}:${singletonKey}` } : {}) };
}

async function enabledAirportIds(database: Database): Promise<string[]> {
  const { rows } = await database.platformQuery('select id from airports where enabled order by created_at, id');
  return rows.map((row) => String(row.id));
}

export function perAirport(database: Database, handler: JobHandler<never>): JobHandler<never> {
  return async (data: never) => {
    const named = (data as Record<string, unknown> | null)?.[JOB_AIRPORT_KEY];
    if (typeof named === 'string') return withAirport(named, () => handler(data));
    const failures: unknown[] = [];
    for (const airportId of await enabledAirportIds(database)) {
      await withAirport(airportId, () => handler(data)).catch((error: unknown) => failures.push(error));
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} airports failed`);
  };
}

/** A platform job: once, as the tables' owner (maintenance over every airport's rows). */
export function asDeployment(handler: JobHandler<never>): JobHandler<never> {
  return (data: never) => asSystem(() => handler(data));
}
