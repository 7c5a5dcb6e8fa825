import type { TListQuery, TSessionUser } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { recordAudit } from '../../platform/audit/audit';
import { notFound } from '../../platform/errors/app-error';
import { nudgeMailDelivery, queueMail } from '../../platform/mail/index';
import * as repo from './alerts.repo';
import type { RenderedMessage } from './alerts.render';

/**
 * A public form (Contact Us, Lost/Stolen Card): one alert for every enabled internal admin and
 * one e-mail to them, in one transaction. The outbox row is the record even without SMTP.
 */
export async function deliverPublicMessage(ctx: AppContext, requestId: string, kind: 'contact' | 'lostcard', message: RenderedMessage): Promise<void> {
  const queued = await ctx.db.transaction(async (tx) => {
    const admins = await repo.findInternalAdmins(tx);
    const alert = await repo.insertAlert(tx, { kind, subject: message.subject, body: message.body, createdBy: null }, admins.map((a) => a.id));
    await recordAudit(tx, { user: null, requestId }, { action: 'create', entity: 'alert', entityId: alert.id, after: { kind, subject: alert.subject, recipients: admins.length } });
    if (admins.length === 0) {
      ctx.log.warn({ alertId: alert.id }, 'a public form message has no recipient: there is no enabled internal admin');
      return false;
    }
    await queueMail(tx, { to: admins.map((a) => a.email), subject: message.subject, text: message.body, kind });
    return true;
  });
  // A nudge so the e-mail leaves now rather than at the next minute; the schedule catches it anyway.
  if (queued) await nudgeMailDelivery(ctx);
}

export function listAlerts(ctx: AppContext, user: TSessionUser, query: TListQuery) {
  return repo.findAlertsOfAccount(ctx.db, user.id, query);
}

/** Reading an alert marks it read for this caller; someone else's alert is 404. */
export async function readAlert(ctx: AppContext, user: TSessionUser, alertId: string): Promise<repo.RecipientAlert> {
  const alert = await repo.findAlertOfAccount(ctx.db, user.id, alertId);
  if (!alert) throw notFound('Alert not found');
  if (alert.isNew) await repo.markAlertRead(ctx.db, user.id, alertId);
  return { ...alert, isNew: false };
}

export async function removeAlert(ctx: AppContext, user: TSessionUser, alertId: string): Promise<void> {
  if (!(await repo.removeAlertForAccount(ctx.db, user.id, alertId))) throw notFound('Alert not found');
}
