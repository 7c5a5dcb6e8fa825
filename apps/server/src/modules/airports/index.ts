import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { airportsRoutes } from './airports.routes';

/** The airports module's door: the switcher and the authority's airports administration (docs/airports.md). */
export async function registerAirports(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await airportsRoutes(app, ctx);
}
