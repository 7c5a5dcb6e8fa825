import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { publicSettingsRoutes } from './public-settings.routes';
import { settingsRoutes } from './settings.routes';
import { setupChecklistRoutes } from './setup-checklist.routes';
import { AIRPORT_PROVISIONERS } from '../../platform/tenancy/index';
import { createSystemSettingsCache, ensureSystemSettings, systemSettingsCache } from './system-settings';

/** The settings module's public door. */
export async function registerSettings(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.plugins.provide(systemSettingsCache, 'settings', createSystemSettingsCache(ctx.db));
  // A new airport starts with every setting's default, named and zoned as its record says.
  // A new airport gets every default; its name and time zone are its record's (airport-settings.ts).
  ctx.plugins.provide(AIRPORT_PROVISIONERS, 'settings', ensureSystemSettings);
  await settingsRoutes(app, ctx);
  await publicSettingsRoutes(app, ctx);
  setupChecklistRoutes(app, ctx);
}

export { ensureSystemSettings, loadSystemSettings, loadSystemSettingsCached } from './system-settings';
export {
  cpiValues, documentTypeNameSql, findPaymentTypeRule, insuranceTypeExists, insuranceTypeNameSql, invoiceCycleDueDaysSql, invoiceCycleExists, invoiceCycleNameSql,
  findInvoiceCycle, listInvoiceCycles, masterIdsByName, type InvoiceCycleToRun, paymentTypeExists, paymentTypeLateFeeSql, paymentTypeNameSql, paymentTypeSkuTypeSql,
} from './master-names';
/** For notification rules and notices (modules/notifications). */
export { ensureNotificationRule, findNotificationRules, findNoticeByKey, findNoticesOfModule } from './notification-rules';
export type { NotificationRow } from './settings.table';
