/**
 * Airports for the bench (issue 22): the first airport, whose scope the bench's own connections
 * use when they seed (as tests do), and what a many-airport scenario needs to add airports and
 * seed each: for bench/ only (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
import { FIRST_AIRPORT_ID } from './airports.table';
import type { AirportScope } from './airport-context';

export { FIRST_AIRPORT_ID } from './airports.table';
export { insertAirport } from './airports.repo';
export { withAirport, type AirportScope } from './airport-context';

/** The scope of bench code outside any `withAirport`: the first airport, the app role. */
export const FIRST_AIRPORT_SCOPE: AirportScope = { airportId: FIRST_AIRPORT_ID, system: false };
