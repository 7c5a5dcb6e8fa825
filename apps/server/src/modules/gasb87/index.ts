import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { leaseChanged } from '../agreements/index';
import { measureUnmeasured, onLeaseChanged } from './measure';

/**
 * Every ten minutes: measure the agreements with no GASB 87 measurement yet (the backfill: leases
 * written before the module existed, and imported ones). Idempotent; one indexed query when none.
 */
const GASB87_BACKFILL_JOB = 'gasb87-backfill';
const GASB87_BACKFILL_CRON = '*/10 * * * *';

/**
 * GASB 87 lessor accounting (issue 24, docs/gasb87.md): measurements kept per agreement, remeasured
 * in the transaction of each change of term or rent; the reports module answers the reports.
 */
export async function registerGasb87(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.plugins.provide(leaseChanged, 'gasb87', onLeaseChanged);
  ctx.jobs.schedule(GASB87_BACKFILL_JOB, GASB87_BACKFILL_CRON, async () => {
    const measured = await measureUnmeasured(ctx.db);
    ctx.log.info({ measured }, 'GASB 87 measurements backfilled');
  });
}

export { agreementReport, journalLines, journalReport, maturityReport, rollForwardReport } from './gasb87-reports';
