import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { inspectionsRoutes } from './inspections.routes';
import { INSPECTION_SCHEDULE_JOB, runInspectionSchedule } from './schedule.job';

/** Inspections and master inspections: the module's public door. */
export async function registerInspections(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await inspectionsRoutes(app, ctx);
  // Every minute, once across instances; each master's own expression decides if it is due.
  ctx.jobs.schedule(INSPECTION_SCHEDULE_JOB, '* * * * *', async () => {
    await runInspectionSchedule(ctx.db);
  }, { expireInSeconds: 120 });
}

export { inspectionCompleted } from './completion-hooks';
export { listInspectionsForMaster, getInspectionSummary, openInspectionCount, listMasterInspectionOptions } from './inspection-facts';
