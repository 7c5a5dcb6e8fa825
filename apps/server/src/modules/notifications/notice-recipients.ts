import type { TSessionUser } from '@apron/core';
import type { TNoticeRecipient } from '@apron/core/notices';
import type { DbOrTx } from '../../db/client';
import { findCompanyRecipients, findInternalRecipients, findRecipientsByEmails, type Recipient } from '../../platform/auth/audiences';
import type { SourceRecord } from '../../platform/events/index';

/**
 * Who may receive a notice about one record, in one place for the sender (`isAllowedRecipient`)
 * and for the dialog's list (`listNoticeRecipients`): the record's own contacts, the enabled users
 * of its company, and enabled internal users.
 */
export async function isAllowedRecipient(db: DbOrTx, email: string, record: Pick<SourceRecord, 'companyId' | 'contacts'>): Promise<boolean> {
  const wanted = email.toLowerCase();
  if (!isDeliverable(wanted)) return false;
  if (record.contacts.some((c) => c.toLowerCase() === wanted)) return true;
  const [account] = await findRecipientsByEmails(db, [wanted]);
  if (account?.isInternal) return true;
  if (!record.companyId || !account) return false;
  return (await findCompanyRecipients(db, record.companyId)).some((r) => r.id === account.id);
}

/**
 * Addresses under `.invalid` (RFC 2606) can never be delivered: placeholders such as the transient
 * parking payer's. They are neither offered nor accepted.
 */
const isDeliverable = (email: string) => !/\.invalid$/i.test(email.trim());

const nameOf = (r: Recipient) => `${r.givenName} ${r.familyName}`.trim() || r.email;

/**
 * The addresses the Send Notice dialog offers: contacts first, then the company's users, then
 * (for staff callers only) internal users, each address once. A company user is not shown the
 * staff directory (PRODUCT-RULES 12), though `SendNotices` still accepts an internal address
 * they type.
 */
export async function listNoticeRecipients(db: DbOrTx, caller: TSessionUser, record: SourceRecord): Promise<TNoticeRecipient[]> {
  const seen = new Set<string>();
  const out: TNoticeRecipient[] = [];
  const add = (email: string, name: string, kind: TNoticeRecipient['kind']) => {
    const key = email.trim().toLowerCase();
    if (!key || seen.has(key) || !isDeliverable(key)) return;
    seen.add(key);
    out.push({ email: email.trim(), name, kind });
  };
  for (const contact of record.contacts) add(contact, record.label, 'contact');
  if (record.companyId) for (const r of await findCompanyRecipients(db, record.companyId)) add(r.email, nameOf(r), 'company');
  if (caller.isInternal) for (const r of await findInternalRecipients(db)) add(r.email, nameOf(r), 'internal');
  return out;
}
