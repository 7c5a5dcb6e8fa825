import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { balancesRoutes } from './balances.routes';

/** Company balances: the module's public door. */
export async function registerBalances(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await balancesRoutes(app, ctx);
}

export { companyBalanceCents } from './balances.service';
export { balancesImport } from './balances.import';
export { invoicesImport } from './invoices.import';

