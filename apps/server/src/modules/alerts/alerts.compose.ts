import { ALERT_MESSAGES, type TAlertCreate, type TAlertEmail, type TAlertUser, type TAlertUserGroup, type TSessionUser } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { recordAudit } from '../../platform/audit/audit';
import {
  findActiveRecipients, findAllCompanyRecipients, findAllRecipients, findInternalRecipients, findRecipientsByEmails, findRecipientsByIds, type Recipient,
} from '../../platform/auth/audiences';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { hasVisibleText, htmlToText, sanitizeRichText } from '../../platform/html/index';
import { nudgeMailDelivery, queueMail } from '../../platform/mail/index';
import * as repo from './alerts.repo';
import { applicantEmails } from './applicant-emails';

/**
 * Staff messages (Create Notification) and sharing one by e-mail. Internal users only (the routes
 * check). The body is sanitised here, before it is stored; nothing unsanitised is ever kept.
 */


export function presentRecipient(r: Recipient): TAlertUser {
  const name = `${r.givenName} ${r.familyName}`.trim();
  return { _id: r.id, email: r.email, name: name || r.email, isInternal: r.isInternal };
}

/** `GET Alerts/Users/{group}`: who a group means, to fill the recipients list. */
export async function usersOfGroup(ctx: AppContext, group: TAlertUserGroup): Promise<Recipient[]> {
  switch (group) {
    case 'ALL':
      return findAllRecipients(ctx.db);
    case 'COMPANIES':
      return findAllCompanyRecipients(ctx.db);
    case 'ACTIVE':
      return findActiveRecipients(ctx.db);
    case 'INTERNAL':
      return findInternalRecipients(ctx.db);
    case 'APPLICANTS':
      return findRecipientsByEmails(ctx.db, await ctx.plugins.one(applicantEmails)(ctx.db));
    case 'NONE':
      return [];
  }
}

/** `POST Alerts`: one alert for every chosen (enabled) account, with a sanitised body. */
export async function createStaffAlert(ctx: AppContext, user: TSessionUser, requestId: string, input: TAlertCreate): Promise<{ id: string; recipients: number }> {
  const body = sanitizeRichText(input.body);
  if (!hasVisibleText(body)) throw fieldError('body', ALERT_MESSAGES.emptyBody);
  const subject = input.subject.replace(/\s+/g, ' ').trim();
  return ctx.db.transaction(async (tx) => {
    const { found, missing } = await findRecipientsByIds(tx, input.userIds);
    if (missing.length > 0) throw fieldError('userIds', ALERT_MESSAGES.unknownRecipients);
    const alert = await repo.insertAlert(tx, { kind: 'notification', subject, body, createdBy: user.id }, found.map((r) => r.id));
    await recordAudit(tx, { user, requestId }, { action: 'create', entity: 'alert', entityId: alert.id, after: { kind: 'notification', subject, recipients: found.length } });
    return { id: alert.id, recipients: found.length };
  });
}

/**
 * `POST Alerts/Email`: share one of the caller's own alerts with an address. The e-mail is built
 * from the stored (sanitised) alert, never from what the client sends; plain-text alerts (public
 * forms) go as text only.
 */
export async function emailAlert(ctx: AppContext, user: TSessionUser, requestId: string, input: TAlertEmail): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const alert = await repo.findAlertOfAccount(tx, user.id, input.id);
    if (!alert) throw notFound('Alert not found');
    const isHtml = alert.kind === 'notification' || alert.kind === 'rule';
    await queueMail(tx, {
      to: [input.email],
      subject: alert.subject,
      text: isHtml ? htmlToText(alert.body) : alert.body,
      html: isHtml ? sanitizeRichText(alert.body) : undefined,
      kind: 'alert-share',
      ref: `alert:${alert.id}`,
    });
    await recordAudit(tx, { user, requestId }, { action: 'email', entity: 'alert', entityId: alert.id, after: { to: input.email } });
  });
  await nudgeMailDelivery(ctx);
}
