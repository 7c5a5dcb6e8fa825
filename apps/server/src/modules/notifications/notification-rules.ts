import { isModule } from '@apron/core';
import { renderTemplate } from '@apron/core/templates';
import type { Tx } from '../../db/client';
import { findCompanyRecipients, findInternalRecipients, findInternalRecipientsWithModule, type Recipient } from '../../platform/auth/audiences';
import type { DomainEventRow } from '../../platform/events/index';
import { htmlToText, sanitizeRichText } from '../../platform/html/index';
import { queueMails } from '../../platform/mail/index';
import { insertAlert } from '../alerts/index';
import { findNotificationRules, type NotificationRow } from '../settings/index';

/**
 * Notification rules (Settings > Notifications), run by the event dispatch after the change
 * committed, inside the dispatch transaction: the alerts and outbox e-mails written here commit
 * together with the event's processed mark, so a retried job never sends twice, and a rolled-back
 * change never had an event. The SMTP send happens later, from the outbox (retried with back-off).
 */
export function createNotificationRulesHandler(): (tx: Tx, event: DomainEventRow) => Promise<void> {
  const rulesFor = rulesOncePerTransaction();
  return async (tx, event) => {
    for (const rule of await rulesFor(tx, event.module, event.trigger)) await applyRule(tx, rule, event);
  };
}

/** One rule for one event: an alert to its audience and an e-mail to each of them (queued). */
async function applyRule(tx: Tx, rule: NotificationRow, event: DomainEventRow): Promise<void> {
  const recipients = await audienceOf(tx, rule, event);
  if (recipients.length === 0) return;
  const html = sanitizeRichText(renderTemplate(rule.template, { ...event.fields, module: event.module, trigger: event.trigger }));
  const subject = rule.name.replace(/\s+/g, ' ').trim();
  await insertAlert(tx, { kind: 'rule', subject, body: html, createdBy: null }, recipients.map((r) => r.id));
  // One e-mail per person: a company's users do not see each other's addresses, nor staff's.
  const text = htmlToText(html);
  await queueMails(tx, recipients.map((r) => ({ to: [r.email], subject, html, text, kind: 'notification', ref: `event:${event.id}` })));
}

/**
 * The rules of a module and trigger, read once per dispatch transaction: a batch of a hundred
 * payment events asks for the same (Invoices, Updated) rules a hundred times. Held by the app's
 * handler (a closure), keyed by the transaction, so it goes with it.
 */
function rulesOncePerTransaction(): (tx: Tx, module: string, trigger: string) => Promise<NotificationRow[]> {
  const rulesByTransaction = new WeakMap<Tx, Map<string, Promise<NotificationRow[]>>>();
  return (tx, module, trigger) => {
    let known = rulesByTransaction.get(tx);
    if (!known) {
      known = new Map();
      rulesByTransaction.set(tx, known);
    }
    const key = `${module}\u0000${trigger}`;
    let rules = known.get(key);
    if (!rules) {
      rules = findNotificationRules(tx, module, trigger);
      known.set(key, rules);
    }
    return rules;
  };
}

/**
 * Internal: the enabled staff holding the rule's module (all enabled staff for a module that is no
 * permission module: Inspections, Workorders, Assets). External: the enabled users of the
 * record's company (none when the record has no company). Both: the two, each person once.
 */
async function audienceOf(tx: Tx, rule: NotificationRow, event: DomainEventRow): Promise<Recipient[]> {
  const people = new Map<string, Recipient>();
  if (rule.notify === 'Internal' || rule.notify === 'Both') {
    // Inspections, Workorders and Assets are no permission module: every enabled staff member has them.
    const staff = isModule(rule.module) ? await findInternalRecipientsWithModule(tx, rule.module) : await findInternalRecipients(tx);
    for (const r of staff) people.set(r.id, r);
  }
  if ((rule.notify === 'External' || rule.notify === 'Both') && event.companyId) {
    for (const r of await findCompanyRecipients(tx, event.companyId)) people.set(r.id, r);
  }
  return [...people.values()];
}
