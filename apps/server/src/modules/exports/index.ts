import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { exportsRoutes } from './exports.routes';

/** "Export everything" (issue 23): the airport's data as a zip of CSV files and its documents. */
export async function registerExports(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await exportsRoutes(app, ctx);
}
