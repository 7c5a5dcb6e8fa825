import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { publicSettingsRoutes } from './public-settings.routes';
import { settingsRoutes } from './settings.routes';
import { createSystemSettingsCache, systemSettingsCache } from './system-settings';

/** The settings module's public door. */
export async function registerSettings(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.plugins.provide(systemSettingsCache, 'settings', createSystemSettingsCache(ctx.db));
  await settingsRoutes(app, ctx);
  await publicSettingsRoutes(app, ctx);
}

export type { InvoiceCycleRow, PaymentTypeRow, NoticeRow } from './settings.table';
export { ensureSystemSettings, loadSystemSettings, loadSystemSettingsCached } from './system-settings';
export { sanitizeRichText } from './rich-text';
export { canReadSharedMasterData } from './settings.policy';
export { MASTER_DEFINITIONS } from './master-data.registry';
export { listAllMasterRows } from './settings.repo';
export {
  cpiValues, documentTypeNameSql, findPaymentTypeRule, insuranceTypeExists, insuranceTypeNameSql, invoiceCycleDueDays, invoiceCycleDueDaysSql, invoiceCycleExists, invoiceCycleNameSql,
  listInvoiceCycles, paymentTypeExists, paymentTypeLateFeeSql, paymentTypeNameSql, paymentTypeSkuTypeSql,
} from './master-names';
export { createMasterRow, setSystemSetting } from './settings.service';
/** For notification rules and notices (modules/notifications). */
export { findNotificationRules, findNoticeByKey, findNoticesOfModule } from './notification-rules';
export type { NotificationRow } from './settings.table';
export type { CpiIndexRow } from './cpi-index.table';
