import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which airport the code running now works for (docs/adr/0007-airports.md).
 *
 * Every business table carries `airport_id`, and PostgreSQL's row-level security shows a
 * connection only the rows of the airport named by its `apron.airport_id` setting. The database
 * client (db/client.ts) reads this context at every connection checkout and sets the role and the
 * airport on the connection before the query runs, so module code never filters by airport and
 * cannot forget to: a query without a context sees no business row at all (fail closed).
 *
 * - A request gets a context as it arrives (no airport yet); authentication names the airport
 *   (platform/tenancy/request-airport.ts) before any module code runs.
 * - A job runs once per airport, or for the airport it was sent from (platform/jobs).
 * - `system` work (migrations, the job system's own tables, start-up) runs as the tables' owner,
 *   outside the policies; nothing that serves a caller runs as system.
 */
export interface AirportScope {
  /** The airport's id, or null: no business row is visible and none can be written. */
  airportId: string | null;
  /** True only for the platform's own bookkeeping (migrations, pg-boss): the owner role. */
  system: boolean;
  /**
   * Work on the deployment's own tables only (sessions, accounts, memberships: no airport_id, no
   * policy), whose answer is the same whatever airport a connection serves: the client hands it
   * any connection of the app role as it is, instead of setting it to "no airport" and back.
   */
  deploymentTablesOnly?: boolean;
}

const scopes = new AsyncLocalStorage<AirportScope>();

/** The scope of the code running now, or undefined outside any (the client then fails closed). */
export function currentAirportScope(): AirportScope | undefined {
  return scopes.getStore();
}

/** Runs `work` for one airport: every query inside sees that airport's rows only. */
export function withAirport<T>(airportId: string, work: () => Promise<T>): Promise<T> {
  return scopes.run({ airportId, system: false }, work);
}

/**
 * Runs `work` as the tables' owner, outside row-level security: migrations, the job system's own
 * queue tables, reading the list of airports before choosing one. Never for a caller's work.
 */
export function asSystem<T>(work: () => Promise<T>): Promise<T> {
  return scopes.run({ airportId: null, system: true }, work);
}

/**
 * Runs `work`, which reads or writes only the deployment's own tables, on whichever app-role
 * connection is free, without re-scoping it: a signed-in request's session lookup would otherwise
 * set every connection to "no airport" and its page back to the airport, two statements more per
 * request (bench `endpoints`, docs/benchmarks.md). A business table read here would see the rows of
 * whichever airport the connection last served, so nothing else belongs in it; the session
 * lookup's test checks it names deployment tables only.
 */
export function onDeploymentTables<T>(work: () => Promise<T>): Promise<T> {
  return scopes.run({ airportId: null, system: false, deploymentTablesOnly: true }, work);
}

/**
 * Continues a request inside a scope of its own whose airport is named later (once the caller is
 * known): `scope.airportId` is set on the object, which every later query of the request reads.
 */
export function continueInScope(scope: AirportScope, next: () => void): void {
  scopes.run(scope, next);
}
