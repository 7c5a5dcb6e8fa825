import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { assetsRoutes } from './assets.routes';

/** The asset register (master assets with their field configuration, assets, the map): the module's door. */
export async function registerAssets(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await assetsRoutes(app, ctx);
}

/** The `assets` import kind (issue 23). */
export { assetsImportKind } from './assets.import';
