import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { appointmentsRoutes } from './appointments.routes';

/** Appointments: calendar invites (`POST Waitlist/Invite`) and the list of sent invites. */
export async function registerAppointments(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await appointmentsRoutes(app, ctx);
}
