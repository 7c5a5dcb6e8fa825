import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { airportsRoutes } from './airports.routes';
import { airportLogoRoutes } from './airport-logo.routes';

/** The airports module's door: the switcher, the authority's airports administration and each airport's logo (docs/airports.md). */
export async function registerAirports(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await airportsRoutes(app, ctx);
  airportLogoRoutes(app, ctx);
}
