import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { alertsRoutes } from './alerts.routes';

/** Alerts (the caller's messages) and the public Contact Us / Lost Card forms. */
export async function registerAlerts(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await alertsRoutes(app, ctx);
}

export { insertAlert } from './alerts.repo';
export { applicantEmails } from './applicant-emails';
