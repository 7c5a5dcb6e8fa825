import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { IMPORT_COMMIT_JOB, runImportCommit } from './commit';
import { importsRoutes } from './imports.routes';

/** The imports module's door (issue 23): Settings -> Import's API and the commit job. */
export async function registerImports(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await importsRoutes(app, ctx);
  // A big batch takes a while: a run may last up to 30 minutes before the job system gives up on it.
  ctx.jobs.work<{ batchId: string }>(IMPORT_COMMIT_JOB, (job) => runImportCommit(ctx, job.batchId), { expireInSeconds: 30 * 60, retryLimit: 2 });
}
