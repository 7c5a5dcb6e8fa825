import { COMMUNICATION_MESSAGES, type TSendNotice } from '@apron/core/communications';
import type { TNoticePreview, TNoticesForRecord } from '@apron/core/notices';
import { renderTemplate } from '@apron/core/templates';
import type { TSessionUser } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { recordAudit } from '../../platform/audit/audit';
import { findRecordSource, type SourceRecord } from '../../platform/events/index';
import { fieldError, forbidden, notFound } from '../../platform/errors/app-error';
import { htmlToText, sanitizeRichText } from '../../platform/html/index';
import { nudgeMailDelivery, queueMail } from '../../platform/mail/index';
import { findNoticeByKey, findNoticesOfModule } from '../settings/index';
import { isAllowedRecipient, listNoticeRecipients } from './notice-recipients';

type TNotice = NonNullable<Awaited<ReturnType<typeof findNoticeByKey>>>;

/** The notice as it is sent: rendered from the stored record only, then sanitised again. */
function renderNotice(notice: TNotice, record: SourceRecord): TNoticePreview {
  const html = sanitizeRichText(renderTemplate(notice.template, { ...record.fields, module: notice.module, trigger: '' }));
  return { subject: notice.name.replace(/\s+/g, ' ').trim(), html };
}

/** A notice and its record, when the caller may read that record (otherwise 404, as for the record itself). */
async function loadNoticeAndRecord(ctx: AppContext, user: TSessionUser, key: string, id: string) {
  const notice = await findNoticeByKey(ctx.db, key);
  if (!notice) throw notFound(COMMUNICATION_MESSAGES.noticeNotFound);
  const source = findRecordSource(ctx, notice.module);
  const record = source ? await source.read(ctx.db, user, id) : null;
  if (!record) throw notFound(COMMUNICATION_MESSAGES.recordNotFound);
  return { notice, record };
}

/**
 * `POST SendNotices`: a named e-mail (Settings > Notices) about one record to one recipient. The
 * server reads the record through its module's source, which answers only when the caller may read
 * it (otherwise 404, as for the record itself), renders the notice from stored data, and sends only
 * to the record's own contacts (its company's users and contact e-mail, an applicant's e-mail) or
 * to internal users: a tenant cannot use a notice to mail a stranger or another company.
 */
export async function sendNotice(ctx: AppContext, user: TSessionUser, requestId: string, input: TSendNotice): Promise<string> {
  const { notice, record } = await loadNoticeAndRecord(ctx, user, input.key, input.id);
  const email = input.email.toLowerCase();
  if (!(await isAllowedRecipient(ctx.db, email, record))) throw fieldError('email', COMMUNICATION_MESSAGES.recipientNotAllowed);

  const { subject, html } = renderNotice(notice, record);
  const mailId = await ctx.db.transaction(async (tx) => {
    const id = await queueMail(tx, { to: [email], subject, html, text: htmlToText(html), kind: 'notice', ref: `notice:${notice.key}:${input.id}` });
    await recordAudit(tx, { user, requestId }, { action: 'email', entity: 'notice', entityId: notice.id, after: { key: notice.key, recordId: input.id, to: email } });
    return id;
  });
  await nudgeMailDelivery(ctx);
  return mailId;
}

/**
 * `GET Notices/ForRecord`: what the Send Notice dialog offers for one record. 403 when the caller
 * may not read that kind of record at all; 404 when this record is missing or not theirs (the same
 * answer, so ids reveal nothing); otherwise the module's notices and the record's recipients.
 */
export async function noticesForRecord(ctx: AppContext, user: TSessionUser, module: string, id: string): Promise<TNoticesForRecord> {
  const source = findRecordSource(ctx, module);
  if (!source?.mayRead(user)) throw forbidden();
  const record = await source.read(ctx.db, user, id);
  if (!record) throw notFound(COMMUNICATION_MESSAGES.recordNotFound);
  const [notices, recipients] = [await findNoticesOfModule(ctx.db, module), await listNoticeRecipients(ctx.db, user, record)];
  return { label: record.label, notices: notices.map((n) => ({ key: n.key, name: n.name, description: n.description })), recipients };
}

/** `GET Notices/Preview`: the subject and sanitised body `SendNotices` would send now. */
export async function previewNotice(ctx: AppContext, user: TSessionUser, key: string, id: string): Promise<TNoticePreview> {
  const { notice, record } = await loadNoticeAndRecord(ctx, user, key, id);
  return renderNotice(notice, record);
}
