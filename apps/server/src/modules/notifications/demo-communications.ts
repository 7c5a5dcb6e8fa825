import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AuditActor } from '../../platform/audit/audit';
import { createMasterRow, MASTER_DEFINITIONS } from '../settings/settings.seed-support';
import { findNoticeByKey, findNotificationRules } from '../settings/index';

/**
 * Demo communications (issue 13 item 8): rules for new invoices and company status changes, and
 * the notices for the invoice copy and the wait-list welcome. Each is added only when missing
 * (by rule name, by notice key), so restarts keep what people changed.
 */
const RULES = [
  {
    name: 'New invoice',
    module: 'Invoices',
    trigger: 'Created',
    notify: 'Both',
    template: '<p>Invoice <strong>{{invoiceNumber}}</strong> ({{name}}) was created for {{companyName}}.</p><p>Due on {{dueDate}}.</p>',
  },
  {
    name: 'Company status changed',
    module: 'Company',
    trigger: 'Updated',
    notify: 'Internal',
    template: '<p>{{name}} was updated; its status is now <strong>{{status}}</strong>.</p>',
  },
] as const;

const NOTICES = [
  {
    name: 'Invoice copy',
    description: 'The e-mail copy of an invoice, sent from the invoice page',
    key: 'invoice.copy',
    module: 'Invoices',
    template: '<p>Hello {{companyName}},</p><p>Here is invoice <strong>{{invoiceNumber}}</strong> ({{name}}) of {{invoiceDate}}: {{total}}, {{amountDue}} due on {{dueDate}}.</p>',
  },
  {
    name: 'Waitlist welcome',
    description: 'Welcomes a new wait-list applicant',
    key: 'waitlist.welcome',
    module: 'Waitlist',
    template: '<h2>Welcome, {{firstName}}</h2><p>You are on the wait list for a {{propertyType}} (position {{position}}). We will write when a space opens.</p>',
  },
] as const;

export async function seedDemoCommunications(db: Db, config: Pick<Config, 'demo'>): Promise<{ rules: number; notices: number }> {
  if (!config.demo) return { rules: 0, notices: 0 };
  const actor: AuditActor = { user: null, requestId: 'demo-seed' };
  return db.transaction(async (tx) => {
    let rules = 0;
    let notices = 0;
    for (const rule of RULES) {
      if ((await findNotificationRules(tx, rule.module, rule.trigger)).some((r) => r.name.toLowerCase() === rule.name.toLowerCase())) continue;
      await createMasterRow(tx, actor, MASTER_DEFINITIONS.notifications, rule);
      rules++;
    }
    for (const notice of NOTICES) {
      if (await findNoticeByKey(tx, notice.key)) continue;
      await createMasterRow(tx, actor, MASTER_DEFINITIONS.notices, notice);
      notices++;
    }
    return { rules, notices };
  });
}
