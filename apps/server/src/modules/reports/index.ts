import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { reportsRoutes } from './reports.routes';
import { reportsChartRoutes } from './reports-charts.routes';
import { gasb87Routes } from './gasb87.routes';

/** Reports (billing, collection, insurances, aging, rent roll, exports): the module's public door. */
export async function registerReports(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await reportsRoutes(app, ctx);
  await reportsChartRoutes(app, ctx);
  await gasb87Routes(app, ctx);
}
