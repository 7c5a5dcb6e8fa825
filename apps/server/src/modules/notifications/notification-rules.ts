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
  const rulesFor = oncePerTransaction((tx, key: string) => {
    const [module, trigger] = key.split('\u0000') as [string, string];
    return findNotificationRules(tx, module, trigger);
  });
  // The staff a rule reaches depend on its module only, not on the event.
  const staffFor = oncePerTransaction((tx, module: string) => (isModule(module) ? findInternalRecipientsWithModule(tx, module) : findInternalRecipients(tx)));
  return async (tx, event) => {
    for (const rule of await rulesFor(tx, `${event.module}\u0000${event.trigger}`)) await applyRule(tx, rule, event, staffFor);
  };
}

/** One rule for one event: an alert to its audience and an e-mail to each of them (queued). */
async function applyRule(tx: Tx, rule: NotificationRow, event: DomainEventRow, staffFor: StaffOf): Promise<void> {
  const recipients = await audienceOf(tx, rule, event, staffFor);
  if (recipients.length === 0) return;
  const html = sanitizeRichText(renderTemplate(rule.template, { ...event.fields, module: event.module, trigger: event.trigger }));
  const subject = rule.name.replace(/\s+/g, ' ').trim();
  await insertAlert(tx, { kind: 'rule', subject, body: html, createdBy: null }, recipients.map((r) => r.id));
  // One e-mail per person: a company's users do not see each other's addresses, nor staff's.
  const text = htmlToText(html);
  await queueMails(tx, recipients.map((r) => ({ to: [r.email], subject, html, text, kind: 'notification', ref: `event:${event.id}` })));
}

type StaffOf = (tx: Tx, module: string) => Promise<Recipient[]>;

/**
 * A read made once per dispatch transaction and key: a batch of a hundred payment events asks for
 * the same (Invoices, Updated) rules, and their staff audience, a hundred times. Held by the app's
 * handler (a closure), keyed by the transaction, so it goes with it.
 */
function oncePerTransaction<T>(load: (tx: Tx, key: string) => Promise<T>): (tx: Tx, key: string) => Promise<T> {
  const byTransaction = new WeakMap<Tx, Map<string, Promise<T>>>();
  return (tx, key) => {
    let known = byTransaction.get(tx);
    if (!known) {
      known = new Map();
      byTransaction.set(tx, known);
    }
    let value = known.get(key);
    if (!value) {
      value = load(tx, key);
      known.set(key, value);
    }
    return value;
  };
}

/**
 * Internal: the enabled staff holding the rule's module (all enabled staff for a module that is no
 * permission module: Inspections, Workorders, Assets). External: the enabled users of the
 * record's company (none when the record has no company). Both: the two, each person once.
 */
async function audienceOf(tx: Tx, rule: NotificationRow, event: DomainEventRow, staffFor: StaffOf): Promise<Recipient[]> {
  const people = new Map<string, Recipient>();
  if (rule.notify === 'Internal' || rule.notify === 'Both') {
    for (const r of await staffFor(tx, rule.module)) people.set(r.id, r);
  }
  if ((rule.notify === 'External' || rule.notify === 'Both') && event.companyId) {
    for (const r of await findCompanyRecipients(tx, event.companyId)) people.set(r.id, r);
  }
  return [...people.values()];
}
