import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { eventHandlers } from '../../platform/events/index';
import { createNotificationRulesHandler } from './notification-rules';
import { notificationsRoutes } from './notifications.routes';
import { registerLandedRecordSources } from './record-sources';

/**
 * Communications: notification rules run on domain events after commit, notices sent from a
 * record, and the fields both offer to templates (docs/communications.md).
 */
export async function registerNotifications(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await notificationsRoutes(app, ctx);
  ctx.plugins.provide(eventHandlers, 'notification-rules', createNotificationRulesHandler());
  registerLandedRecordSources(ctx);
}
