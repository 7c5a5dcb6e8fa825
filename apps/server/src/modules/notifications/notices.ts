import { COMMUNICATION_MESSAGES, type TSendNotice } from '@apron/core/communications';
import { renderTemplate } from '@apron/core/templates';
import type { TSessionUser } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { recordAudit } from '../../platform/audit/audit';
import { findCompanyRecipients, findRecipientsByEmails } from '../../platform/auth/audiences';
import { findRecordSource } from '../../platform/events/index';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { htmlToText, sanitizeRichText } from '../../platform/html/index';
import { MAIL_DELIVERY_JOB, queueMail } from '../../platform/mail/index';
import { findNoticeByKey } from '../settings/index';

/**
 * `POST SendNotices`: a named e-mail (Settings > Notices) about one record to one recipient. The
 * server reads the record through its module's source, which answers only when the caller may read
 * it (otherwise 404, as for the record itself), renders the notice from stored data, and sends only
 * to the record's own contacts (its company's users and contact e-mail, an applicant's e-mail) or
 * to internal users: a tenant cannot use a notice to mail a stranger or another company.
 */
export async function sendNotice(ctx: AppContext, user: TSessionUser, requestId: string, input: TSendNotice): Promise<string> {
  const notice = await findNoticeByKey(ctx.db, input.key);
  if (!notice) throw notFound(COMMUNICATION_MESSAGES.noticeNotFound);
  const source = findRecordSource(ctx, notice.module);
  const record = source ? await source.read(ctx.db, user, input.id) : null;
  if (!record) throw notFound(COMMUNICATION_MESSAGES.recordNotFound);

  const email = input.email.toLowerCase();
  const allowed = await isAllowedRecipient(ctx, email, record.companyId, record.contacts);
  if (!allowed) throw fieldError('email', COMMUNICATION_MESSAGES.recipientNotAllowed);

  const html = sanitizeRichText(renderTemplate(notice.template, { ...record.fields, module: notice.module, trigger: '' }));
  const subject = notice.name.replace(/\s+/g, ' ').trim();
  const mailId = await ctx.db.transaction(async (tx) => {
    const id = await queueMail(tx, { to: [email], subject, html, text: htmlToText(html), kind: 'notice', ref: `notice:${notice.key}:${input.id}` });
    await recordAudit(tx, { user, requestId }, { action: 'email', entity: 'notice', entityId: notice.id, after: { key: notice.key, recordId: input.id, to: email } });
    return id;
  });
  await ctx.jobs.send(MAIL_DELIVERY_JOB).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not nudge mail delivery'));
  return mailId;
}

async function isAllowedRecipient(ctx: AppContext, email: string, companyId: string | null, contacts: readonly string[]): Promise<boolean> {
  if (contacts.some((c) => c.toLowerCase() === email)) return true;
  const [account] = await findRecipientsByEmails(ctx.db, [email]);
  if (account?.isInternal) return true;
  if (!companyId || !account) return false;
  return (await findCompanyRecipients(ctx.db, companyId)).some((r) => r.id === account.id);
}
